import '../adapters/dynamo/booking-store/register';
import { groupHandler } from '../platform/chain';
import { printBills, printStatus } from './print-bills';
import { loadSheet } from './load-sheet';

export const operations = {
  'labels.print': printBills,
  'labels.printStatus': printStatus,
  'labels.loadSheet': loadSheet,
};

export const handler = groupHandler('labels', operations);

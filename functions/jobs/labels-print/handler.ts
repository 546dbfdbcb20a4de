import '../../adapters/dynamo/booking-store/register';
import { queueHandler } from '../../platform/job-chain';
import { printLabels } from './print-labels';

export const handler = queueHandler('labels.print', printLabels);

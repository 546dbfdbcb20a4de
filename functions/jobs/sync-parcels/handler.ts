import '../../adapters/dynamo/booking-store/register';
import { queueHandler } from '../../platform/job-chain';
import { trackBatch } from './track-batch';

export const handler = queueHandler('sync.parcels', trackBatch);

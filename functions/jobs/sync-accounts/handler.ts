import { queueHandler } from '../../platform/job-chain';
import { queueBatches } from './queue-batches';

export const handler = queueHandler('sync.accounts', queueBatches);

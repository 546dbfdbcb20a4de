import { scheduleHandler } from '../../platform/job-chain';
import { scheduleSync } from './queue-slot';

export const handler = scheduleHandler('sync.schedule', scheduleSync);

import { scheduleHandler } from '../../platform/job-chain';
import { sweepJobs } from './sweep';

export const handler = scheduleHandler('jobs.sweep', sweepJobs);

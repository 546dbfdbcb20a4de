import { queueHandler } from '../../platform/job-chain';
import { redactShop } from './redact-shop';

export const handler = queueHandler('shops.redact', redactShop);

import { groupHandler } from '../platform/chain';
import { finishInstall } from './finish-install';
import { receiveWebhook } from './receive-webhook';
import { startInstall } from './start-install';

export const operations = {
  'shopify.install': startInstall,
  'shopify.callback': finishInstall,
  'shopify.webhook': receiveWebhook,
};

export const handler = groupHandler('shopify', operations);

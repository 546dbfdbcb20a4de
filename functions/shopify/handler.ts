import '../adapters/dynamo/booking-store/register';
import { groupHandler } from '../platform/chain';
import { finishInstall } from './finish-install';
import { receiveWebhook } from './receive-webhook';
import { startInstall } from './start-install';
import { openBookLink, openBulkLink } from './open-admin-link';

export const operations = {
  'shopify.install': startInstall,
  'shopify.callback': finishInstall,
  'shopify.webhook': receiveWebhook,
  'shopify.adminBook': openBookLink,
  'shopify.adminBulk': openBulkLink,
};

export const handler = groupHandler('shopify', operations);

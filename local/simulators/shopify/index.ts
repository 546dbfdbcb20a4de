export { startShopifySim, type ShopifySim, type ShopifySimOptions } from './server';
export { ShopifySimControl, type CallRecord, type FaultKind } from './control';
export { generateOrders, IdSource, type GenerateOptions } from './generate-orders';
export type { OrderRecord, SubscriptionRecord } from './records';
export type { DeliveryRecord, WebhookFault } from './webhooks';
export type { ConsentMode, SeedShopInput, ShopRecord } from './state';

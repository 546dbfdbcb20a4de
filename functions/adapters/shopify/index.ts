export * from './errors';
export * from './hmac';
export * from './shop-origin';
export * from './oauth';
export * from './graphql';
export * from './admin-operations';
export * from './webhooks';
export * from './shop-port';
export type * from './types';

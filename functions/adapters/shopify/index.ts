export * from './hmac';
export * from './shop-origin';
export * from './oauth';
export * from './graphql';
export * from './requester';
export * from './webhooks';
export * from './shop-port';

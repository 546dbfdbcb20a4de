import { groupHandler } from '../platform/chain';
import { cancelSubscription } from './cancel-subscription';
import { checkSubscription } from './check-subscription';
import { subscribe } from './subscribe';

export const operations = {
  'billing.subscribe': subscribe,
  'billing.check': checkSubscription,
  'billing.cancel': cancelSubscription,
};

export const handler = groupHandler('billing', operations);

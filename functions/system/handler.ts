import { groupHandler } from '../platform/chain';

export const operations = {
  'system.health': async () => ({ ok: true as const }),
};

export const handler = groupHandler('system', operations);

import { groupHandler } from '../platform/chain';
import type { GroupOperations } from '../platform/operation';

export const operations: GroupOperations<'system'> = {
  'system.health': async () => ({ ok: true as const }),
  'system.appConfig': async (_input, _ctx, deps) => ({ support_email: deps.env.SUPPORT_EMAIL }),
};

export const handler = groupHandler('system', operations);

import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { isPaid } from '../domain/billing/plan-check';

export const getSettings: Operation<'settings.get'> = async (_input, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  return { settings: await deps.settings.get(shop._id), tags_allowed: isPaid(shop) };
};

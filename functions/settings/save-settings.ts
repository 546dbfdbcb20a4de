import { TAG_KEYS, type OrderTags, type StoreSettings } from '@dakiya/shared';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { isPaid } from '../domain/billing/plan-check';

export const SETTINGS_SAVED = 'Settings saved';

const sameTags = (a: OrderTags, b: OrderTags) => TAG_KEYS.every((key) => a[key] === b[key]);

export const saveSettings: Operation<'settings.save'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const allowed = isPaid(shop);
  const patch: Partial<StoreSettings> = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  if (body.tags && !allowed) {
    // the same tags sent back (a form that posts every field) change nothing; a change is a paid feature
    if (!sameTags(body.tags, (await deps.settings.get(shop._id)).tags)) throw new AppError('PLAN_FEATURE', { param: 'tags' });
    delete patch.tags;
  }
  // consignee notices ride on the status sync, a paid feature: a free shop may turn them off (or send back
  // what is saved), never on
  if (body.consignee_notices && !allowed && !(await deps.settings.get(shop._id)).consignee_notices) {
    throw new AppError('PLAN_FEATURE', { param: 'consignee_notices' });
  }
  const settings = await deps.settings.save(shop._id, patch, ctx.now.toISOString());
  return { msg: SETTINGS_SAVED, settings, tags_allowed: allowed };
};

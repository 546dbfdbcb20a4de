import type { Deps } from '../../platform/deps';
import type { Log } from '../../platform/log';
import type { PendingCharge, ShopRecord } from '../records';

/**
 * Spec 000 §4: back on FREE, every user but the admins and every tracking account but the default
 * are deactivated; they are reactivated by hand (the restrict toggle, the account's Active switch),
 * or by subscribing again with the plans page's choices. Admins stay: only a USER can be restricted
 * and so reactivated by hand. Deactivated users' sessions end, as a restriction's do.
 */
export async function deactivateForFree(shop: ShopRecord, deps: Deps, log: Log): Promise<void> {
  const now = deps.now().toISOString();
  const [staff, accounts, defaultId] = await Promise.all([
    deps.staff.listOfShop(shop._id), deps.accounts.listOfShop(shop._id), deps.accounts.defaultId(shop._id),
  ]);
  const users = staff.filter((u) => u.role === 'USER' && u.is_active && u._id !== shop.ownerUserId);
  const toPause = accounts.filter((a) => !a.in_active && a._id !== defaultId);
  // recorded before the writes: a retry after a crash finds them inactive and would otherwise forget them
  await deps.billing.recordDowngrade(shop._id, {
    endedSubscriptionId: shop.subscription?.id ?? 'unknown', userIds: users.map((u) => u._id), accountIds: toPause.map((a) => a._id), at: now,
  });
  for (const user of users) {
    await deps.users.update(shop._id, user._id, { is_active: false, updatedAt: now });
    await deps.sessions.deleteAllOfUser(shop._id, user._id);
  }
  for (const account of toPause) await deps.accounts.update(shop._id, account._id, { in_active: true, updatedAt: now });
  log.info('moved to FREE: staff users and accounts deactivated', { shopId: shop._id, users: users.length, accounts: toPause.length });
}

/** The choices subscribe recorded: reactivate what the last downgrade deactivated (each list is taken once). */
export async function reactivateChosen(shop: ShopRecord, pending: PendingCharge, deps: Deps): Promise<void> {
  const now = deps.now().toISOString();
  if (pending.users) {
    for (const id of await deps.billing.takeDeactivated(shop._id, 'userIds')) {
      // a user deleted since is simply gone
      const user = await deps.users.get(shop._id, id);
      if (user && !user.is_active) await deps.users.update(shop._id, id, { is_active: true, updatedAt: now });
    }
  }
  if (pending.accounts) {
    for (const id of await deps.billing.takeDeactivated(shop._id, 'accountIds')) {
      const account = await deps.accounts.get(shop._id, id);
      if (account?.in_active) await deps.accounts.update(shop._id, id, { in_active: false, updatedAt: now });
    }
  }
}

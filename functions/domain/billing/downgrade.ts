import type { Deps } from '../ports/deps';
import type { Log } from '../../ground/log';
import type { AccountRecord, FreeReason, PendingCharge, ShopRecord, UserRecord } from '../records';

const RECORD_TRIES = 5;

/**
 * Spec 000 §4: back on FREE, every user but the admins and every tracking account but the default
 * are deactivated; they are reactivated by hand (the restrict toggle, the account's Active switch),
 * or by subscribing again with the plans page's choices. Admins stay: only a USER can be restricted
 * and so reactivated by hand. Deactivated users' sessions end, as a restriction's do.
 */
export async function deactivateForFree(shop: ShopRecord, reason: FreeReason, deps: Deps, log: Log): Promise<void> {
  const now = deps.now().toISOString();
  const endedSubscriptionId = shop.subscription?.id ?? 'unknown';
  let move: { users: UserRecord[]; toPause: AccountRecord[] } | undefined;
  // a cancel and its own webhook move the shop at once: the one whose read went stale reads again, so neither
  // writes over what the other recorded
  for (let tries = 0; !move; tries++) {
    if (tries === RECORD_TRIES) throw new Error('the downgrade record kept changing while a move to FREE was written');
    const [staff, accounts, defaultId, previous] = await Promise.all([
      deps.members.listOfShop(shop._id), deps.accounts.listOfShop(shop._id), deps.accounts.defaultId(shop._id), deps.billing.getDowngrade(shop._id),
    ]);
    const users = staff.filter((u) => u.role === 'USER' && u.is_active && u._id !== shop.ownerUserId);
    const toPause = accounts.filter((a) => !a.in_active && a._id !== defaultId);
    // what earlier moves deactivated stays offered while it is still inactive (reactivated by hand or deleted: dropped)
    const inactiveUsers = new Set(staff.filter((u) => !u.is_active).map((u) => u._id));
    const inactiveAccounts = new Set(accounts.filter((a) => a.in_active).map((a) => a._id));
    const still = (ids: string[] | undefined, inactive: Set<string>) => (ids ?? []).filter((id) => inactive.has(id));
    // a retry of the same move (a Lambda cut short) adds to what it recorded and keeps why
    const same = previous?.endedSubscriptionId === endedSubscriptionId ? previous : undefined;
    const union = (a: string[], b: string[]) => [...new Set([...a, ...b])].sort();
    const userIds = users.map((u) => u._id);
    const accountIds = toPause.map((a) => a._id);
    // recorded before the writes: a retry after a crash finds them inactive and would otherwise forget them
    const recorded = await deps.billing.recordDowngrade(shop._id, {
      endedSubscriptionId,
      endedPlan: shop.plan,
      reason: same?.reason === 'CANCELLED_BY_MERCHANT' ? same.reason : reason,
      userIds: union(still(previous?.userIds, inactiveUsers), userIds),
      accountIds: union(still(previous?.accountIds, inactiveAccounts), accountIds),
      movedUserIds: union(still(same?.movedUserIds, inactiveUsers), userIds),
      movedAccountIds: union(still(same?.movedAccountIds, inactiveAccounts), accountIds),
      at: now,
    }, previous);
    if (recorded) move = { users, toPause };
  }
  const { users, toPause } = move;
  for (const user of users) {
    await deps.members.update(shop._id, user._id, { is_active: false, updatedAt: now });
    await deps.sessions.deleteAllOfUser(shop._id, user._id);
  }
  for (const account of toPause) await deps.accounts.setActivity(account, { in_active: true, updatedAt: now });
  log.info('moved to FREE: staff users and accounts deactivated', { shopId: shop._id, reason, users: users.length, accounts: toPause.length });
}

/**
 * The charge Shopify froze (or otherwise ended) is active again: what that move deactivated comes
 * back, since the merchant never chose it. Not after the merchant's own cancel.
 */
export async function reactivateAfterShopify(shop: ShopRecord, chargeId: string, deps: Deps, log: Log): Promise<void> {
  const downgrade = await deps.billing.getDowngrade(shop._id);
  if (!downgrade || downgrade.endedSubscriptionId !== chargeId || downgrade.reason === 'CANCELLED_BY_MERCHANT') return;
  const taken = await deps.billing.takeMoved(shop._id, chargeId);
  await reactivate(shop, taken.userIds, taken.accountIds, deps);
  log.info('charge active again at Shopify: what its move to FREE deactivated is reactivated', {
    shopId: shop._id, users: taken.userIds.length, accounts: taken.accountIds.length,
  });
}

async function reactivate(shop: ShopRecord, userIds: string[], accountIds: string[], deps: Deps): Promise<void> {
  const now = deps.now().toISOString();
  for (const id of userIds) {
    // a user deleted since is simply gone
    const user = await deps.members.get(shop._id, id);
    if (user && !user.is_active) await deps.members.update(shop._id, id, { is_active: true, updatedAt: now });
  }
  for (const id of accountIds) {
    const account = await deps.accounts.get(shop._id, id);
    if (account?.in_active) await deps.accounts.setActivity(account, { in_active: false, updatedAt: now });
  }
}

/** The choices subscribe recorded: reactivate what moves to FREE deactivated and is still inactive (each list is taken once). */
export async function reactivateChosen(shop: ShopRecord, pending: PendingCharge, deps: Deps): Promise<void> {
  const userIds = pending.users ? await deps.billing.takeDeactivated(shop._id, 'userIds') : [];
  const accountIds = pending.accounts ? await deps.billing.takeDeactivated(shop._id, 'accountIds') : [];
  await reactivate(shop, userIds, accountIds, deps);
}

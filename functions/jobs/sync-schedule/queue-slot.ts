import { courierDefinition, slotPollsAccount, slotRange, syncSlot, type SlotRange, type SyncAccountMessage } from '@dakiya/shared';
import { accountsOf, type ListedAccount } from '../../domain/accounts/directory';
import type { ShopRecord } from '../../domain/records';
import type { Deps } from '../../domain/ports/deps';
import type { ScheduledWorker } from '../../platform/job-chain';

/** Shops whose accounts are read at once: a slot of 1,000 shops is a few seconds of small Queries. */
const SHOPS_AT_ONCE = 16;

export interface SlotQueued {
  slot: Date;
  shops: number;
  accounts: number;
}

/**
 * The hourly slot of the status sync, stateless: the paid shops from billing's list (never a Scan),
 * each shop's active tracking accounts, and one first-stage message per account naming the slot's
 * range of the moving index. FREE shops are not on the list: their statuses move when a parcel is
 * opened. Nothing is written: which parcels are due follows from the slot and the index alone. An
 * account that receives status pushes (a push within PUSH_FRESH_HOURS) is left to the daily slot.
 */
export async function queueSlot(now: Date, deps: Deps, opts: { everyParcel?: boolean } = {}): Promise<SlotQueued> {
  const slot = syncSlot(now);
  // local mode's pass on demand asks about every moving and watched parcel, whatever the hour
  const range = opts.everyParcel ? { watch: true, from: undefined } : slotRange(slot);
  const listed = await deps.billing.paidShops();
  // the shop items themselves decide (a BatchGet per 100): a place the one-off listing wrote just as the shop left its plan never polls a FREE shop
  const shops = (await deps.shops.getMany(listed.map((s) => s.shopId))).filter((s) => s.plan !== 'FREE' && s.status === 'ACTIVE');
  const messages: SyncAccountMessage[] = [];
  for (let i = 0; i < shops.length; i += SHOPS_AT_ONCE) {
    // the shop items carry their directories: only a shop older than the directory reads its accounts (once)
    const accounts = await Promise.all(shops.slice(i, i + SHOPS_AT_ONCE).map(async (s) => (await withPushTimes(s, await accountsOf(s, deps), range, deps)).map((a) => ({ ...a, shopId: s._id }))));
    for (const account of accounts.flat()) {
      if (!account.active) continue;
      // an account whose courier pushes its changes is asked only by the daily slot
      if (!slotPollsAccount(range, slot, account.lastPushAt)) continue;
      messages.push({
        shopId: account.shopId, accountId: account.accountId, courier: account.company, slot: (opts.everyParcel ? now : slot).toISOString(),
        ...(range.from ? { from: range.from.toISOString() } : {}), watch: range.watch, stage: 'moving', queued: 0,
      });
    }
  }
  await deps.jobs.send('sync.accounts', messages);
  deps.metrics.count('SyncAccountsScheduled', messages.length);
  return { slot, shops: shops.length, accounts: messages.length };
}

/**
 * The directory says which accounts a shop has, not when one last received a push (that changes with
 * every push, and the shop item is read by every request): outside the daily slot, a shop with an active
 * account of a pushing courier reads its accounts for it, one small Query, as every shop did before.
 */
async function withPushTimes(shop: ShopRecord, listed: ListedAccount[], range: Pick<SlotRange, 'from'>, deps: Deps): Promise<(ListedAccount & { lastPushAt?: string })[]> {
  if (!range.from || !listed.some((a) => a.active && courierDefinition(a.company).booking.statusPush)) return listed;
  const pushed = new Map((await deps.accounts.listOfShop(shop._id)).map((a) => [a._id, a.lastPushAt]));
  return listed.map((a) => ({ ...a, ...(pushed.get(a.accountId) ? { lastPushAt: pushed.get(a.accountId) } : {}) }));
}

export const scheduleSync: ScheduledWorker = async (ctx, deps) => {
  const queued = await queueSlot(ctx.now, deps);
  ctx.log.info('status sync slot queued', { slot: queued.slot.toISOString(), shops: queued.shops, accounts: queued.accounts });
};

import type { TrackingResult } from '../domain/ports/courier';
import { accountOfPushKey } from '../domain/accounts/status-push';
import { applyPushedReadings } from '../domain/sync/push';
import { readLeopardPushScan } from '../adapters/couriers/leopard/push';
import type { Operation } from '../platform/operation';

/** Codes this container has logged as unknown: each once, not once per scan. */
const unknownCodes = new Set<string>();

/**
 * `POST /courier-push/leopard/{key}` (issue 22): Leopards' status pushes for one account. The key's
 * secret is checked first; each scan is then one reading through the status-change function a poll
 * uses, and the account records when its last push came (what keeps it off the hourly polls). A scan
 * with a code Dakiya does not know changes nothing and is acknowledged, so Leopards does not send it again.
 */
export const leopardPush: Operation<'tracking.leopardPush'> = async ({ params, body }, ctx, deps) => {
  const { shop, account } = await accountOfPushKey(params.key, deps);
  const readings: TrackingResult[] = [];
  for (const scan of body.data) {
    const reading = readLeopardPushScan(scan);
    if (reading) readings.push(reading);
    else if (!unknownCodes.has(scan.status)) {
      unknownCodes.add(scan.status);
      ctx.log.warn('status push: a scan Dakiya cannot read changes nothing', { courierStatus: scan.status });
    }
  }
  const outcome = await applyPushedReadings(shop, account, readings, deps);
  await deps.accounts.update(shop._id, account._id, { lastPushAt: ctx.now.toISOString() });
  ctx.log.info('status push applied', { shopId: shop._id, accountId: account._id, scans: body.data.length, ...outcome });
  return { status: 1, errors: [] };
};

import type { QueueWorker } from '../../platform/job-chain';
import { timeLeftMs } from '../../ground/invocation';

/** Items a page deletes (with what hangs from them), small enough for a few BatchWrites. */
export const REDACT_PAGE = 100;
/** Kept back at the end of a run: a page and the queuing of the next run fit in it. */
const RESERVE_MS = 30_000;

/**
 * shop/redact's erasure (the webhook only queues it): pages of the shop's items until none is left,
 * each page idempotent, so a run that fails is retried and continues where the items end; a run that
 * nears its deadline queues the next pass instead of being cut off. A shop installed again meanwhile
 * (ACTIVE once more) keeps what is left. The last pass deletes the job records of every pass, its
 * own too: they name the shop and its domain, and nothing is left for them to tell once it is gone (a
 * later delivery of the same message finds no record and is dropped, as a finished one would be).
 */
export const redactShop: QueueWorker<'shops.redact'> = async (message, ctx, deps) => {
  const ref = { shopId: message.shopId, domain: message.domain };
  let erased = 0;
  for (;;) {
    const shop = await deps.shops.get(ref.shopId);
    if (shop && shop.status !== 'OFF') {
      ctx.log.warn('shop/redact stopped: the shop was installed again', { shopId: ref.shopId, erased });
      return;
    }
    const page = await deps.shops.erasePage(ref, REDACT_PAGE, deps.now());
    erased += page.erased;
    if (page.done) {
      const records = [...(message.earlier ?? []), ...(ctx.recordId ? [ctx.recordId] : [])];
      for (const id of records) await deps.jobRecords.remove({ id });
      ctx.log.info('shop data erased', { shopId: ref.shopId, erased, pass: message.pass });
      return;
    }
    if (timeLeftMs() < RESERVE_MS) {
      const next = { ...message, pass: message.pass + 1, earlier: [...(message.earlier ?? []), ...(ctx.recordId ? [ctx.recordId] : [])] };
      await deps.jobs.enqueue('shops.redact', next, { key: `${ctx.recordId ?? ref.shopId}#next` });
      ctx.log.info('shop/redact continues in its next run', { shopId: ref.shopId, erased, pass: next.pass });
      return;
    }
  }
};

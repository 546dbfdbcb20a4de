import { PermanentJobError, type QueueWorker } from '../../platform/job-chain';
import { runPrint } from '../../domain/labels/print';

/** A print of more bills than one request builds; the page polls its job record. */
export const printLabels: QueueWorker<'labels.print'> = async (message, ctx, deps) => {
  if (!ctx.shopId) throw new PermanentJobError('a print job has no shop');
  await runPrint(ctx.shopId, message, deps);
};

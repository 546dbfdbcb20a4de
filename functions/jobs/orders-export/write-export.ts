import { queueJobDef } from '@dakiya/shared';
import { PermanentJobError, isPermanent, type QueueWorker } from '../../platform/job-chain';
import { writeExport } from '../../domain/orders/export';

/** One export's file; the last try that fails says so on the export, which the modal shows with 'Export again'. */
export const exportOrders: QueueWorker<'orders.export'> = async (message, ctx, deps) => {
  if (!ctx.shopId) throw new PermanentJobError('an export job has no shop');
  try {
    await writeExport(ctx.shopId, message.exportId, deps);
  } catch (error) {
    if (isPermanent(error) || ctx.attempt >= queueJobDef('orders.export').maxReceiveCount) {
      await deps.exports.fail(ctx.shopId, message.exportId, 'This export did not finish. Export again.', deps.now());
    }
    throw error;
  }
};

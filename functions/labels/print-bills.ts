import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { printBills as print, printStatus as status } from '../domain/labels/print';

/** POST /print-airway-bills: the bills of a selection, as a link to their PDF or a print running as a job. */
export const printBills: Operation<'labels.print'> = async ({ body }, ctx, deps) => print(requireAuth(ctx).shop, body, deps);

/** GET /prints/{printId}: a large print's progress, then its link. */
export const printStatus: Operation<'labels.printStatus'> = async ({ params }, ctx, deps) => status(requireAuth(ctx).shop, params.printId, deps);

import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { makeLoadSheet } from '../domain/labels/load-sheet';

/** POST /load-sheet: the rider's sheet of an account's parcels since its last one. */
export const loadSheet: Operation<'labels.loadSheet'> = async ({ body }, ctx, deps) => makeLoadSheet(requireAuth(ctx).shop, body, deps);

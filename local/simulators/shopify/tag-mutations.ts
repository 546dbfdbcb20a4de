import { requireScope, type GqlContext } from './context';
import { parseGid } from './gid';
import { restOrder } from './rest-payloads';
import { findOrder, orderView } from './views';

/** `tags` may be a list or one comma-separated string; both arrive as a list here. */
function normalise(tags: string[]): string[] {
  return tags.flatMap((t) => t.split(',')).map((t) => t.trim()).filter((t) => t.length > 0);
}

/**
 * tagsAdd / tagsRemove on orders (§3.4, §9.3): trimmed, case-insensitive de-duplication keeping
 * the first casing seen. `orders/updated` goes out only when the tags really changed, and then
 * carries the new tags ([unc] whether Shopify also fires it for no-op changes).
 */
export function changeTags(ctx: GqlContext, args: { id: string; tags: string[] }, mode: 'add' | 'remove') {
  const mutation = mode === 'add' ? 'tagsAdd' : 'tagsRemove';
  const parsed = parseGid(args.id);
  if (parsed?.type === 'Order') requireScope(ctx, ['write_orders'], mutation);
  const order = findOrder(ctx, args.id);
  if (!order) {
    const type = parsed?.type ?? 'Resource';
    return { node: null, userErrors: [{ field: ['id'], message: `${type} does not exist` }] };
  }
  const wanted = normalise(args.tags);
  if (wanted.length === 0) return { node: null, userErrors: [{ field: ['tags'], message: 'Tags must not be empty' }] };
  const before = order.tags.join('\u0000');
  if (mode === 'add') {
    for (const tag of wanted) {
      if (!order.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) order.tags.push(tag);
    }
  } else {
    const drop = new Set(wanted.map((t) => t.toLowerCase()));
    order.tags = order.tags.filter((t) => !drop.has(t.toLowerCase()));
  }
  if (order.tags.join('\u0000') !== before) {
    order.updatedAt = ctx.state.clock.iso();
    ctx.webhooks.enqueue(ctx.shop.domain, 'orders/updated', restOrder(order));
  }
  return { node: orderView(ctx, order), userErrors: [] };
}

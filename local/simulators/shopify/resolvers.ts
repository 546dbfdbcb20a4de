import { GraphQLError } from 'graphql';
import { appSubscriptionCancel, appSubscriptionCreate } from './billing';
import { paginate, paginateList, type ConnectionArgs } from './connection';
import { FO_READ, requireScope, type GqlContext } from './context';
import { fulfillmentCancel, fulfillmentCreate, fulfillmentEventCreate, fulfillmentTrackingInfoUpdate } from './fulfillment-mutations';
import { gid, parseGid } from './gid';
import { matchesSearch, orderSortKey, parseSearch, type OrderSortKey } from './order-search';
import type { OrderRecord } from './records';
import { changeTags } from './tag-mutations';
import { findFulfillment, findFulfillmentOrder, findOrder, fulfillmentOrderView, fulfillmentView, orderView, shopView, subscriptionView } from './views';

const SIXTY_DAYS_MS = 60 * 86_400_000;

/** Orders the token may see: the last 60 days unless `read_all_orders` is granted (§1.8). */
function visibleOrders(ctx: GqlContext): OrderRecord[] {
  if (ctx.state.hasScope(ctx.shop, 'read_all_orders')) return ctx.shop.orders;
  const since = ctx.state.clock.now() - SIXTY_DAYS_MS;
  return ctx.shop.orders.filter((o) => Date.parse(o.createdAt) >= since);
}

function nodeById(ctx: GqlContext, id: string): unknown {
  const parsed = parseGid(id);
  if (!parsed) throw new GraphQLError(`Invalid global id '${id}'`, { extensions: { code: 'argumentLiteralsIncompatible' } });
  switch (parsed.type) {
    case 'Order': {
      requireScope(ctx, ['read_orders'], 'order');
      const order = findOrder(ctx, id);
      return order ? orderView(ctx, order) : null;
    }
    case 'FulfillmentOrder': {
      requireScope(ctx, FO_READ, 'fulfillmentOrder');
      const hit = findFulfillmentOrder(ctx, id);
      return hit ? fulfillmentOrderView(ctx, hit.order, hit.fo) : null;
    }
    case 'Fulfillment': {
      requireScope(ctx, ['read_orders'], 'fulfillment');
      const hit = findFulfillment(ctx, id);
      return hit ? fulfillmentView(ctx, hit.order, hit.fulfillment) : null;
    }
    case 'AppSubscription': {
      const sub = ctx.shop.subscriptions.find((s) => s.id === parsed.id);
      return sub ? subscriptionView(sub) : null;
    }
    case 'Shop':
      return parsed.id === ctx.shop.id ? shopView(ctx.shop) : null;
    default:
      return null;
  }
}

/** Root fields of QueryRoot and Mutation (graphql-js calls them with (args, context)). */
export const rootValue = {
  shop: (_: unknown, ctx: GqlContext) => shopView(ctx.shop),

  order: (args: { id: string }, ctx: GqlContext) => {
    requireScope(ctx, ['read_orders'], 'order');
    const order = findOrder(ctx, args.id);
    return order ? orderView(ctx, order) : null;
  },

  orders: (args: ConnectionArgs & { query?: string | null; sortKey: OrderSortKey; reverse: boolean }, ctx: GqlContext) => {
    requireScope(ctx, ['read_orders'], 'orders');
    const terms = parseSearch(args.query ?? '');
    const sortKey = args.sortKey ?? 'PROCESSED_AT';
    const compare = (a: OrderRecord, b: OrderRecord) => {
      const x = orderSortKey(a, sortKey);
      const y = orderSortKey(b, sortKey);
      for (let i = 0; i < x.length; i += 1) {
        if (x[i] === y[i]) continue;
        return (x[i] as string | number) < (y[i] as string | number) ? -1 : 1;
      }
      return 0;
    };
    const list = visibleOrders(ctx).filter((o) => matchesSearch(o, terms)).sort(compare);
    if (args.reverse) list.reverse();
    return paginate(list, args, (o) => orderSortKey(o, sortKey), { descending: args.reverse, toNode: (o) => orderView(ctx, o) });
  },

  node: (args: { id: string }, ctx: GqlContext) => nodeById(ctx, args.id),

  // One entry per id, in order; an id that fails (e.g. scope) becomes null plus an error entry.
  nodes: (args: { ids: string[] }, ctx: GqlContext) =>
    args.ids.map((id) => {
      try {
        return nodeById(ctx, id);
      } catch (error) {
        return error instanceof Error ? error : null;
      }
    }),

  fulfillmentOrder: (args: { id: string }, ctx: GqlContext) => {
    requireScope(ctx, FO_READ, 'fulfillmentOrder');
    const hit = findFulfillmentOrder(ctx, args.id);
    return hit ? fulfillmentOrderView(ctx, hit.order, hit.fo) : null;
  },

  fulfillment: (args: { id: string }, ctx: GqlContext) => {
    requireScope(ctx, ['read_orders'], 'fulfillment');
    const hit = findFulfillment(ctx, args.id);
    return hit ? fulfillmentView(ctx, hit.order, hit.fulfillment) : null;
  },

  currentAppInstallation: (_: unknown, ctx: GqlContext) => {
    const installation = ctx.shop.installation;
    const scopes = installation?.scopes ?? [];
    const handles = new Set<string>();
    for (const s of scopes) {
      handles.add(s);
      if (s.startsWith('write_')) handles.add(`read_${s.slice(6)}`);
    }
    const subs = ctx.shop.subscriptions;
    return {
      __typename: 'AppInstallation',
      id: gid('AppInstallation', installation?.id ?? '0'),
      app: { __typename: 'App', id: gid('App', ctx.state.config.appId), title: 'Dakiya', apiKey: ctx.state.config.clientId },
      launchUrl: `${ctx.shopBaseUrl}/admin/apps/${ctx.state.config.clientId}`,
      accessScopes: [...handles].map((handle) => ({ handle, description: handle.replace(/_/g, ' ') })),
      activeSubscriptions: subs.filter((s) => s.status === 'ACTIVE' || s.status === 'FROZEN').map(subscriptionView),
      allSubscriptions: (args: ConnectionArgs & { reverse?: boolean }) =>
        paginateList(args.reverse ? [...subs].reverse() : subs, args, subscriptionView),
    };
  },

  fulfillmentCreate: (args: Parameters<typeof fulfillmentCreate>[1], ctx: GqlContext) => fulfillmentCreate(ctx, args, 'fulfillmentCreate'),

  fulfillmentCreateV2: (args: Parameters<typeof fulfillmentCreate>[1], ctx: GqlContext) => {
    if (ctx.state.config.rejectV2Mutations) {
      throw new GraphQLError("Field 'fulfillmentCreateV2' doesn't exist on type 'Mutation'", { extensions: { code: 'undefinedField' } });
    }
    return fulfillmentCreate(ctx, args, 'fulfillmentCreateV2');
  },

  fulfillmentCancel: (args: { id: string }, ctx: GqlContext) => fulfillmentCancel(ctx, args),

  fulfillmentTrackingInfoUpdate: (args: Parameters<typeof fulfillmentTrackingInfoUpdate>[1], ctx: GqlContext) =>
    fulfillmentTrackingInfoUpdate(ctx, args),

  fulfillmentEventCreate: (args: Parameters<typeof fulfillmentEventCreate>[1], ctx: GqlContext) => fulfillmentEventCreate(ctx, args),

  tagsAdd: (args: { id: string; tags: string[] }, ctx: GqlContext) => changeTags(ctx, args, 'add'),
  tagsRemove: (args: { id: string; tags: string[] }, ctx: GqlContext) => changeTags(ctx, args, 'remove'),

  appSubscriptionCreate: (args: Parameters<typeof appSubscriptionCreate>[1], ctx: GqlContext) => appSubscriptionCreate(ctx, args),
  appSubscriptionCancel: (args: { id: string; prorate?: boolean | null }, ctx: GqlContext) => appSubscriptionCancel(ctx, args),
};


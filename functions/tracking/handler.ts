import '../adapters/dynamo/booking-store/register';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { pageRouteKey } from '@dakiya/shared';
import { groupHandler } from '../platform/chain';
import type { Deps } from '../domain/ports/deps';
import { defaultDeps } from '../platform/deps';
import { getPublicTracking } from './get-public-tracking';
import { leopardPush } from './leopard-push';
import { trackPageHandler } from './page';

export const operations = {
  'tracking.public': getPublicTracking,
  'tracking.leopardPush': leopardPush,
};

/** The group's API routes and its page (/track/{track_number}), told apart by the route key API Gateway matched. */
export function trackingHandler(getDeps: () => Deps = defaultDeps) {
  const api = groupHandler('tracking', operations, getDeps);
  const page = trackPageHandler(getDeps);
  return (event: APIGatewayProxyEventV2, context: Context) => (event.routeKey === pageRouteKey('tracking.page') ? page(event, context) : api(event, context));
}

export const handler = trackingHandler();

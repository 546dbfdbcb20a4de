import { describe, expect, it } from 'vitest';
import { COURIER_PUSH_ROUTES, PER_IP_EXEMPT, ROUTE_PER_IP_LIMITS } from './per-ip-limits';
import { routes, type RouteId } from './routes';

describe('per-IP limits at the edge', () => {
  it('covers every public route that Shopify does not sign, unless it is listed as exempt', () => {
    const open = (Object.keys(routes) as RouteId[]).filter((id) => routes[id].access.kind === 'public');
    const uncovered = open.filter((id) => !ROUTE_PER_IP_LIMITS[id] && !PER_IP_EXEMPT.includes(id) && !COURIER_PUSH_ROUTES.includes(id));
    expect(uncovered).toEqual([]);
  });

  it('names only routes of the table, and none both limited and exempt', () => {
    for (const id of [...Object.keys(ROUTE_PER_IP_LIMITS), ...PER_IP_EXEMPT]) expect(Object.keys(routes)).toContain(id);
    expect(PER_IP_EXEMPT.filter((id) => ROUTE_PER_IP_LIMITS[id])).toEqual([]);
  });

  it('keeps courier pushes apart: public POST routes of the table, under no per-address class', () => {
    expect(COURIER_PUSH_ROUTES.length).toBeGreaterThan(0);
    for (const id of COURIER_PUSH_ROUTES) {
      expect(routes[id]).toMatchObject({ method: 'POST', access: { kind: 'public' } });
      expect(ROUTE_PER_IP_LIMITS[id]).toBeUndefined();
      expect(PER_IP_EXEMPT).not.toContain(id);
    }
  });
});

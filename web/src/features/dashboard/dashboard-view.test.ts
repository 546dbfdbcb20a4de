import { describe, expect, it } from 'vitest';
import { chipsOf, dashboardQueryOf, ordersLinkOf, todayIn, withRange, withValue } from './dashboard-view';

const url = (text: string) => new URLSearchParams(text);

describe('the dashboard view in the address', () => {
  it('is the last seven days of bookings by default, ending today in the shop\'s time zone', () => {
    // 20:30 UTC on Nov 27 is already Nov 28 in Karachi (UTC+5)
    const today = todayIn('Asia/Karachi', new Date('2026-11-27T20:30:00Z'));
    expect(today).toBe('2026-11-28');
    expect(dashboardQueryOf(url(''), today)).toEqual({ bookingDateFrom: '2026-11-22', bookingDateTo: '2026-11-28' });
    expect(chipsOf(url(''))).toEqual([{ key: 'default', label: 'Booked: last 7 days' }]);
  });

  it('takes the orders list\'s keys, so a delivered range alone replaces the default', () => {
    const params = url('deliveredfrom=2026-11-01&deliveredto=2026-11-07&dest=Lahore&courier=POSTEX&status=DELIVERED');
    expect(dashboardQueryOf(params, '2026-11-28')).toEqual({
      deliveredDateFrom: '2026-11-01', deliveredDateTo: '2026-11-07', city: 'Lahore', company: 'POSTEX', status: 'DELIVERED',
    });
    expect(chipsOf(params).map((c) => c.label)).toEqual(['Delivered: Nov 1, 2026 – Nov 7, 2026', 'City: Lahore', 'Courier: PostEx']);
    expect(chipsOf(params)[1]!.without!.toString()).toBe('deliveredfrom=2026-11-01&deliveredto=2026-11-07&courier=POSTEX&status=DELIVERED');
  });

  it('a new range or city goes back to the city list\'s first page; a page move keeps the rest', () => {
    const params = url('bookingfrom=2026-10-01&bookingto=2026-10-31&page=3');
    expect(withRange(params, 'booking', { from: '2026-09-01', to: '2026-09-30' }).toString()).toBe('bookingfrom=2026-09-01&bookingto=2026-09-30');
    expect(withRange(params, 'booking', {}).toString()).toBe('');
    expect(withValue(params, 'dest', 'Multan').toString()).toBe('bookingfrom=2026-10-01&bookingto=2026-10-31&dest=Multan');
    expect(withValue(params, 'page', '4').get('page')).toBe('4');
  });

  it('a card opens the orders list on the same view, narrowed to its status', () => {
    const query = dashboardQueryOf(url('dest=Lahore&courier=LEOPARD'), '2026-11-28');
    expect(ordersLinkOf(query, 'RTS')).toBe('/dashboard/orders?bookingfrom=2026-11-22&bookingto=2026-11-28&dest=Lahore&courier=LEOPARD&status=RTS');
    expect(ordersLinkOf(query)).toBe('/dashboard/orders?bookingfrom=2026-11-22&bookingto=2026-11-28&dest=Lahore&courier=LEOPARD');
  });
});

import { describe, expect, it } from 'vitest';
import { apiQueryOf, chipsOf, listKey, listOf, searchText, withChange, withNothing, withoutFilters, withPage } from './orders-view';

const url = (text: string) => new URLSearchParams(text);

describe('the orders address', () => {
  it('asks the list what the address says, each spec §2 key under its §3 field, with the defaults', () => {
    const api = apiQueryOf(url('courier=LEOPARD,TCS&bookingfrom=2026-11-01&phone_num=03001234567&deliveredto=2026-11-20&page=3&status=RTS&status=DELIVERED'));
    expect(api).toEqual({
      couriers: 'LEOPARD,TCS', bookingFrom: '2026-11-01', phone: '03001234567', deliveredTo: '2026-11-20', page: '3', status: 'RTS,DELIVERED', limit: '50', op: 'GREATER',
    });
    expect(listOf(api, 'status')).toEqual(['RTS', 'DELIVERED']);
    expect(listOf(api, 'bookedBy')).toEqual([]);
  });

  it('goes back to page 1 on any change but a page move, and forgets the cursor of the old list', () => {
    const deep = url('status=FULFILLED&page=7&cursor=abc123&limit=25');
    expect(withChange(deep, { couriers: ['MNP', 'POSTEX'] }).toString()).toBe('courier=MNP%2CPOSTEX&status=FULFILLED&limit=25');
    expect(withChange(deep, { status: undefined }).toString()).toBe('limit=25');
    expect(withChange(deep, { query: '1443' }).get('page')).toBeNull();
    expect(withChange(deep, { days: '3', op: 'LESS' }).toString()).toBe('status=FULFILLED&limit=25&days=3&op=LESS');
  });

  it('moves pages by number, or by cursor where the list pages by cursor; page 1 is the bare address', () => {
    const list = url('tag=MERGED&page=2&cursor=old');
    expect(withPage(list, 5).toString()).toBe('page=5&tag=MERGED');
    expect(withPage(list, 3, 'eyJuIjozfQ').toString()).toBe('page=3&tag=MERGED&cursor=eyJuIjozfQ');
    expect(withPage(list, 1, 'ignored').toString()).toBe('tag=MERGED');
  });

  it('clears every filter but keeps the search and page size; clearing everything keeps only the page size', () => {
    const all = url('query=1443&status=RTS&courier=MNP&bookedBy=64b7f0c2a1d3e4f5a6b7c8d9&tag=MERGED&dest=Lahore&track=KI1&phone_num=0300&days=4&op=EQUAL'
      + '&bookingfrom=2026-10-01&bookingto=2026-10-31&deliveredfrom=2026-10-02&deliveredto=2026-11-01&attention=true&payment_status=PAID&page=4&limit=20');
    expect(withoutFilters(all).toString()).toBe('query=1443&limit=20');
    expect(withNothing(all).toString()).toBe('limit=20');
  });

  it('strips a leading # from the search (spec §2)', () => {
    expect(searchText('  #1443 ')).toBe('1443');
    expect(searchText('##KI123')).toBe('KI123');
    expect(searchText('Lahore')).toBe('Lahore');
  });

  it('keys a list by its filters and search, not by its page', () => {
    expect(listKey(apiQueryOf(url('status=RTS&page=3&cursor=x')))).toBe(listKey(apiQueryOf(url('status=RTS'))));
    expect(listKey(apiQueryOf(url('status=RTS')))).not.toBe(listKey(apiQueryOf(url('status=DELIVERED'))));
  });
});

describe('the chips of the applied filters', () => {
  const names = new Map([['64b7f0c2a1d3e4f5a6b7c8d9', 'Bilal Ahmed'], ['64b7f0c2a1d3e4f5a6b7c8da', 'Sana Tariq']]);

  it('names each filter in words, one chip per filter, and says what removing it takes away', () => {
    const api = apiQueryOf(url('status=DELIVERED,RTS&payment_status=PAID&courier=TCS&bookedBy=64b7f0c2a1d3e4f5a6b7c8d9,64b7f0c2a1d3e4f5a6b7c8da'
      + '&tag=MERGED&dest=Lahore&track=KI123&phone_num=03001234567&days=1&op=LESS&bookingfrom=2026-11-01&bookingto=2026-11-30'
      + '&deliveredfrom=2026-11-05&attention=true&query=1443'));
    const chips = chipsOf(api, names);
    expect(chips.map((c) => c.label)).toEqual([
      'Needs attention',
      'Status: Delivered, Returned (RTS)',
      'Payment: Paid',
      'Courier: TCS',
      'Booked by: Bilal Ahmed, Sana Tariq',
      'Tag: MERGED',
      'Destination: Lahore',
      'Track #: KI123',
      'Phone: 03001234567',
      'Delivered in less than 1 day',
      'Booked Nov 1, 2026 – Nov 30, 2026',
      'Delivered from Nov 5, 2026',
    ]);
    expect(chips.find((c) => c.id === 'days')!.remove).toEqual({ days: undefined, op: undefined });
    expect(chips.find((c) => c.id === 'bookingFrom')!.remove).toEqual({ bookingFrom: undefined, bookingTo: undefined });
    // removing a chip leaves the others
    const after = withChange(url('status=RTS&page=2&courier=MNP'), chips.find((c) => c.id === 'status')!.remove);
    expect(after.toString()).toBe('courier=MNP');
  });

  it('counts the members of Booked by until their names have loaded, and says a one-day range as a day', () => {
    const api = apiQueryOf(url('bookedBy=64b7f0c2a1d3e4f5a6b7c8d9&deliveredto=2026-11-03&bookingfrom=2026-11-02&bookingto=2026-11-02&days=5'));
    expect(chipsOf(api, new Map()).map((c) => c.label)).toEqual([
      'Booked by: 1 member', 'Delivered in more than 5 days', 'Booked on Nov 2, 2026', 'Delivered until Nov 3, 2026',
    ]);
  });

  it('shows no chip for the search, the page or the page size', () => {
    expect(chipsOf(apiQueryOf(url('query=1443&page=3&limit=20&op=LESS')), names)).toEqual([]);
  });
});

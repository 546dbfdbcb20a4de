import { describe, expect, it } from 'vitest';
import { withChange, withoutFilters } from './orders-view';
import { ViewAddress } from './view-address';

describe("the orders view's address, changed before the router renders the change before", () => {
  it('keeps a cleared search cleared when a filter is chosen from a render that still shows it (the router renders in a transition)', () => {
    // Prepare: the list searched for #1294
    const address = new ViewAddress('query=1294');
    // Act: the search is cleared; before that renders, a click renders the screen with the old address and chooses two filters
    expect(address.next((prev) => withChange(prev, { query: undefined })).toString()).toBe('');
    address.sawRendered('query=1294');
    expect(address.next((prev) => withChange(prev, { bookedBy: ['u1'] })).toString()).toBe('bookedBy=u1');
    // Assess: the cleared search, then the first filter, arrive; the courier chosen meanwhile keeps both
    address.sawRendered('');
    expect(address.next((prev) => withChange(prev, { couriers: ['POSTEX'] })).toString()).toBe('courier=POSTEX&bookedBy=u1');
    address.sawRendered('bookedBy=u1');
    address.sawRendered('courier=POSTEX&bookedBy=u1');
    expect(address.next((prev) => withoutFilters(prev)).toString()).toBe('');
  });

  it('starts from an address it did not ask for (Back, a link), dropping the changes still on their way', () => {
    const address = new ViewAddress('');
    address.next((prev) => withChange(prev, { query: '1443' }));
    address.sawRendered('status=RTS');
    expect(address.next((prev) => withChange(prev, { couriers: ['TCS'] })).toString()).toBe('courier=TCS&status=RTS');
    address.sawRendered('courier=TCS&status=RTS');
    // Back to where the list began
    address.sawRendered('');
    expect(address.next((prev) => withChange(prev, { tag: 'MERGED' })).toString()).toBe('tag=MERGED');
  });

  it('a change to the address already shown waits for nothing: the next address the router shows is the start', () => {
    const address = new ViewAddress('status=RTS');
    expect(address.next((prev) => withChange(prev, {})).toString()).toBe('status=RTS');
    address.sawRendered('tag=MERGED');
    expect(address.next((prev) => withChange(prev, { query: 'x' })).toString()).toBe('query=x&tag=MERGED');
  });
});

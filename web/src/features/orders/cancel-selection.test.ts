import { describe, expect, it } from 'vitest';
import { cancelOutcome, splitCancellable } from './use-cancel-bookings';
import { matchMembers } from './components/booked-by-field';

describe('cancelling a selection', () => {
  it('cancels only what may be cancelled: booked, neither cancelled nor delivered', () => {
    const rows = [
      { tracking_number: 'KI1', order_name: '#1', cancellable: true },
      { tracking_number: 'KI2', order_name: '#2', cancellable: false },
      { tracking_number: null, order_name: '#3', cancellable: false },
    ];
    const { cancel, keep } = splitCancellable(rows);
    expect(cancel.map((r) => r.order_name)).toEqual(['#1']);
    expect(keep.map((r) => r.order_name)).toEqual(['#2', '#3']);
  });

  it('says what was cancelled and what was not, by tracking number with the reason', () => {
    expect(cancelOutcome(2, [])).toEqual({ success: '2 bookings cancelled with the courier and unfulfilled on Shopify' });
    expect(cancelOutcome(1, [{ tracking: 'KI9', reason: 'The courier refused' }])).toEqual({
      success: '1 booking cancelled with the courier and unfulfilled on Shopify',
      failure: '1 booking could not be cancelled: KI9. The courier refused',
    });
    expect(cancelOutcome(0, [{ tracking: 'KI8', reason: 'Picked up already' }, { tracking: 'KI9', reason: 'x' }]).failure).toBe('2 bookings could not be cancelled: KI8, KI9. Picked up already');
  });
});

describe('the Booked by search', () => {
  const members = [{ id: 'a', name: 'Bilal Ahmed', tag: 'packer' }, { id: 'b', name: 'Sana Tariq', tag: 'owner' }];

  it('finds members by any part of their full name or tag, ignoring case', () => {
    expect(matchMembers(members, 'ahm').map((m) => m.id)).toEqual(['a']);
    expect(matchMembers(members, 'OWNER').map((m) => m.id)).toEqual(['b']);
    expect(matchMembers(members, '  ').map((m) => m.id)).toEqual(['a', 'b']);
    expect(matchMembers(members, 'zz')).toEqual([]);
  });
});

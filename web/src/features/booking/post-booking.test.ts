import { describe, expect, it } from 'vitest';
import { attentionForReader, parcelPayment, STATUS_LABELS } from './post-booking';

describe('the attention mark for someone who may not cancel bookings', () => {
  it('asks them to have the booking cancelled, for either mark', () => {
    expect(attentionForReader({ reason: 'ORDER_CANCELLED_IN_SHOPIFY', order_name: '#1274' })).toBe(
      'Order #1274 was cancelled in Shopify. If the parcel should not go out, ask an admin, or a staff member allowed to cancel bookings, to cancel this booking.',
    );
    expect(attentionForReader({ reason: 'FULFILLMENT_CANCELLED_IN_SHOPIFY', order_name: '#1275' })).toBe(
      'The fulfillment of #1275 was cancelled in Shopify. If the parcel should not go out, ask an admin, or a staff member allowed to cancel bookings, to cancel this booking.',
    );
  });
});

describe('what the booking page says of the parcel', () => {
  it('a prepaid parcel reads Prepaid, a COD parcel its amount', () => {
    expect(parcelPayment(0)).toEqual({ label: 'Payment', value: 'Prepaid' });
    expect(parcelPayment(2450)).toEqual({ label: 'Cash on delivery', value: 'Rs 2,450' });
  });

  it('every status badge starts with a capital, as the app\'s other badges do', () => {
    expect(Object.values(STATUS_LABELS).filter((label) => label.charAt(0) !== label.charAt(0).toUpperCase())).toEqual([]);
    expect(STATUS_LABELS.CANCELLED).toBe('Cancelled');
  });
});

import { describe, expect, it } from 'vitest';
import { attentionForReader } from './post-booking';

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

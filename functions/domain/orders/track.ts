import { trackingStep, type TrackOrderResult } from '@dakiya/shared';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { loadBooking } from '../booking/cancel';

/** GET /track-order/{id}, first version: the booking and its timeline as stored. */
export async function trackOrder(shop: ShopRecord, trackingNumber: string, deps: Deps): Promise<TrackOrderResult> {
  const record = await loadBooking(shop._id, trackingNumber, deps);
  const events = await deps.bookings.timeline(shop._id, trackingNumber);
  return {
    domain: shop.domain,
    store: shop.name,
    company: record.company,
    order_name: record.orderNames.join(', '),
    order: {
      consignee_name: record.consignee.name,
      track_number: record.trackingNumber,
      booking_date: record.bookedAt,
      current_status: trackingStep(record.status),
      details: events.map((e) => ({ status_message: e.message, name: e.status, status_date: e.at })),
    },
    status: record.status,
    customer_phone: record.consignee.phone,
    destination: record.destinationCity,
    current_courier_status: record.courierStatus ?? null,
    last_checked_at: null,
    courier_check: 'recent',
  };
}

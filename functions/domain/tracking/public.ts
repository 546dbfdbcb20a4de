import { COURIER_BY_ID, firstName, trackingStep, type PublicTracking } from '@dakiya/shared';
import type { BookingRecord, TimelineEvent } from '../ports/bookings';
import type { Deps } from '../ports/deps';
import type { ShopRecord } from '../records';
import { AppError } from '../../ground/errors';
import { refresh } from '../orders/track';

/** The shop's booking of a number; the newest when two shops' couriers gave out the same number. */
async function findParcel(trackingNumber: string, deps: Deps): Promise<{ shop: ShopRecord; booking: BookingRecord } | undefined> {
  const shopIds = await deps.bookings.shopsOfParcel(trackingNumber);
  const found = await Promise.all(shopIds.map(async (shopId) => {
    const [shop, booking] = await Promise.all([deps.shops.get(shopId), deps.bookings.get(shopId, trackingNumber)]);
    return shop && booking ? { shop, booking } : undefined;
  }));
  return found.filter((f) => f !== undefined).sort((a, b) => b.booking.bookedAt.localeCompare(a.booking.bookedAt))[0];
}

/**
 * Dakiya's own first scan names the merchant's tracking account ('Booked with Leopards Lahore
 * main'): a consignee is told the courier instead.
 */
function publicEvent(event: TimelineEvent, company: BookingRecord['company']) {
  const message = event.status === 'BOOKED' ? `Booked with ${COURIER_BY_ID[company].name}` : event.message;
  return { status_message: message, name: event.status, status_date: event.at };
}

/**
 * GET /track-order-public/{id} and the page /track/{track_number}: the parcel as a consignee may see
 * it. A stored status older than ten minutes is first asked of the courier through the tracking
 * modal's own refresh (one ask per parcel in that time, whoever asks), so the page never says a
 * parcel is moving when the courier has it delivered, cancelled or returned.
 */
export async function publicTracking(trackingNumber: string, deps: Deps): Promise<{ tracking: PublicTracking; timeZone: string; courierDown: boolean }> {
  const found = await findParcel(trackingNumber, deps);
  if (!found) throw new AppError('PARCEL_NOT_FOUND');
  const { shop } = found;
  const { record, check } = await refresh(shop, found.booking, deps);
  const events = await deps.bookings.timeline(shop._id, record.trackingNumber);
  const tracking: PublicTracking = {
    domain: shop.domain,
    store: shop.name,
    company: record.company,
    order_name: record.orderNames.join(', '),
    order: {
      consignee_name: firstName(record.consignee.name),
      track_number: record.trackingNumber,
      booking_date: record.bookedAt,
      current_status: trackingStep(record.status),
      details: events.map((e) => publicEvent(e, record.company)),
    },
    status: record.status,
  };
  // the page says dates in the shop's time zone, as the merchant's own screens do; the API's answer is
  // the spec's fields only, so whether the courier answered reaches the page alone
  return { tracking, timeZone: shop.iana_time_zone, courierDown: check === 'unavailable' };
}

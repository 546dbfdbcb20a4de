import type { CourierId } from '@dakiya/shared';
import { moveCounters, shopDay } from '@dakiya/functions/domain/booking/counters';
import type { BookingRecord } from '@dakiya/functions/domain/ports/bookings';
import type { TrackingResult } from '@dakiya/functions/domain/ports/courier';
import type { Deps } from '@dakiya/functions/domain/ports/deps';
import type { AccountRecord, ShopRecord, UserRecord } from '@dakiya/functions/domain/records';
import { applyCourierReading } from '@dakiya/functions/domain/tracking/status-change';
import { newId } from '@dakiya/functions/ground/ids';
import type { Scenario } from './simulators/couriers/kit/shipments';
import { DEMO_CREDENTIALS, type CourierSims } from './simulators/couriers';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const CITIES = ['Lahore', 'Karachi', 'Islamabad', 'Rawalpindi', 'Faisalabad', 'Multan', 'Peshawar', 'Quetta', 'Sialkot', 'Hyderabad'];
const NAMES = ['Sana Tariq', 'Bilal Ahmed', 'Hina Akhtar', 'Usman Ghani', 'Ayesha Siddiqui', 'Faisal Qureshi', 'Mehwish Iqbal', 'Zain Abbas', 'Rabia Noor', 'Hamza Sheikh'];
const PRODUCTS = ['Lawn suit 3pc', 'Khaddar kurta', 'Embroidered dupatta', 'Cotton shalwar', 'Silk shawl', 'Chiffon kameez'];
/** How parcels end, roughly as a Pakistani COD shop sees it: most delivered, a good share returned. */
const SCENARIO_WEIGHTS: [Scenario, number][] = [['happy', 62], ['attempts', 8], ['return', 14], ['stuck', 6], ['courier-cancel', 3], ['cancel-before-pickup', 7]];

/** A small seeded generator, so two starts from nothing seed the same history. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const weighted = <T>(list: [T, number][]) => {
    let r = next() * list.reduce((a, [, w]) => a + w, 0);
    for (const [v, w] of list) if ((r -= w) < 0) return v;
    return list[0]![0];
  };
  return { next, pick, weighted };
}

export interface HistoryInput {
  shop: ShopRecord;
  accounts: AccountRecord[];
  members: UserRecord[];
  /** How many bookings, spread over `days` days before now. */
  count: number;
  days: number;
  seed?: number;
}

/**
 * Booking history for a shop: each booking a real parcel at its courier's simulator, booked there at
 * a past time (`addShipment`), written through the repositories the app uses (so its counters and
 * indexes are what the booking flow writes), then its status read from the courier and stored by the
 * status-change function, as the tracking modal and the status sync do. A merchant's own cancels are
 * cancelled bookings. Answers the bookings written.
 */
export async function seedBookingHistory(deps: Deps, couriers: CourierSims, input: HistoryInput): Promise<BookingRecord[]> {
  const { shop } = input;
  const rnd = random(input.seed ?? 18);
  const written: BookingRecord[] = [];
  const sims = couriers.sims as Record<CourierId, CourierSims['sims'][CourierId]>;
  for (let i = 0; i < input.count; i++) {
    const account = rnd.pick(input.accounts);
    const sim = sims[account.company];
    const member = rnd.pick(input.members);
    const scenario = rnd.weighted(SCENARIO_WEIGHTS.filter(([s]) => sim.control.scenarios().includes(s)));
    // oldest first, a little uneven: some days busier than others
    const bookedAtMs = sim.control.now() - Math.round(((input.count - i) / input.count) * input.days * DAY_MS) + Math.round(rnd.next() * 6 * HOUR_MS);
    const consignee = { name: rnd.pick(NAMES), phone: `03${String(Math.floor(rnd.next() * 1e9)).padStart(9, '0')}`, address: `House ${1 + Math.floor(rnd.next() * 200)}, Street ${1 + Math.floor(rnd.next() * 30)}` };
    const city = rnd.pick(CITIES);
    const cod = 500 + 50 * Math.floor(rnd.next() * 120);
    const orderName = `#${9001 + i}`;
    let shipment;
    try {
      shipment = sim.control.addShipment({
        credentials: DEMO_CREDENTIALS[account.company] as Record<string, string>, bookedAt: bookedAtMs, orderRef: orderName, consignee, city, cod,
        scenario, tickMs: Math.round((8 + rnd.next() * 30) * HOUR_MS),
      });
    } catch {
      // a city or consignee this courier would have refused: no parcel, no booking
      continue;
    }
    const bookedAt = new Date(bookedAtMs).toISOString();
    const merged = rnd.next() < 0.06;
    const record: BookingRecord = {
      shopId: shop._id, trackingNumber: shipment.trackingNumber, bookingId: newId(), orderIds: [String(5_900_000_000_000 + i)],
      orderNames: merged ? [orderName, `#${19001 + i}`] : [orderName], tag: merged ? 'MERGED' : '', accountId: account._id, accountName: account.name,
      company: account.company, status: 'FULFILLED', paymentStatus: rnd.next() < 0.3 ? 'PAID' : 'UNPAID', bookedAt, bookedDay: shopDay(new Date(bookedAt), shop.iana_time_zone),
      bookedBy: member._id, bookedByTag: member.tag ?? '', lastStatusAt: bookedAt, consignee, destinationCity: city, cod, weight: 500 + 100 * Math.floor(rnd.next() * 10),
      pieces: 1 + Math.floor(rnd.next() * 3), productsList: `${rnd.pick(PRODUCTS)} x 1`, remarks: '', lineItems: [], fulfillments: [], attention: [], changedAt: bookedAt,
    };
    await deps.bookings.save(record, () => moveCounters(shop, undefined, record, deps));
    written.push(scenario === 'cancel-before-pickup' ? await cancelled(shop, record, bookedAtMs, deps) : record);
  }
  return readStatuses(shop, input.accounts, written, deps);
}

/** The merchant cancelled it the next hours, as the cancel route records it. */
async function cancelled(shop: ShopRecord, record: BookingRecord, bookedAtMs: number, deps: Deps): Promise<BookingRecord> {
  const at = new Date(bookedAtMs + 3 * HOUR_MS).toISOString();
  const moved = await deps.bookings.change(record, { status: 'CANCELLED', cancelledAt: at, lastStatusAt: at, changedAt: at });
  if (!moved) return record;
  await moveCounters(shop, record, moved, deps);
  return moved;
}

/**
 * The app's clock at the courier's last scan of a parcel (never later than now), as if the sync had read
 * it then: a status the history moved is dated in the history, so a parcel that stopped in transit months
 * ago is stuck from the first pass and an old delivery is past its watch, instead of all moved today.
 */
function asOfLastScan(deps: Deps, reading: TrackingResult): Deps {
  const last = Math.max(...reading.events.map((e) => Date.parse(e.at)).filter(Number.isFinite));
  return Number.isFinite(last) ? { ...deps, now: () => new Date(Math.min(last, deps.now().getTime())) } : deps;
}

/** Asks each courier about its parcels in its own batches and stores what moved, through the status-change function. */
async function readStatuses(shop: ShopRecord, accounts: AccountRecord[], bookings: BookingRecord[], deps: Deps): Promise<BookingRecord[]> {
  const out: BookingRecord[] = [];
  for (const account of accounts) {
    const mine = bookings.filter((b) => b.accountId === account._id);
    if (!mine.length) continue;
    const adapter = deps.courier(account.company, DEMO_CREDENTIALS[account.company]);
    for (let i = 0; i < mine.length; i += 50) {
      const batch = mine.slice(i, i + 50);
      const readings = await adapter.track(batch.filter((b) => b.status !== 'CANCELLED').map((b) => b.trackingNumber));
      const byNumber = new Map(readings.map((r) => [r.trackingNumber, r]));
      for (const booking of batch) {
        const reading = byNumber.get(booking.trackingNumber);
        out.push(reading?.found ? (await applyCourierReading(shop, booking, reading, asOfLastScan(deps, reading))).booking : booking);
      }
    }
  }
  return out;
}

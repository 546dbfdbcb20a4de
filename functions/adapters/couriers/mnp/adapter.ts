import { COURIER_BY_ID } from '@dakiya/shared';
import type { BookingRequest, BookingResult, CourierAdapter, CourierCredentials } from '../../../domain/ports/courier';
import { bookAsOneBatch } from '../booking-loop';
import type { CourierModule, ResolvedOptions } from '../options';
import { normalisePkMobile } from '@dakiya/shared';
import { chunk } from '../tracking';
import { createMnpClient } from './client';
import { bookingBody, bulkBookingBody, readBooking, readBulkBooking, readCancel, readCities, readLocations, readTracking, type MnpAccount } from './mapper';

const RULES = COURIER_BY_ID.MNP.booking;

const BULK_TRACK_MAX = RULES.trackBatchSize;

export function createMnpAdapter(credentials: CourierCredentials, options: ResolvedOptions): CourierAdapter {
  const client = createMnpClient(options, credentials);
  const authQuery = { username: credentials.username ?? '', password: credentials.api_password ?? '', AccountNo: credentials.account_no ?? '' };
  let account: MnpAccount | undefined;

  /**
   * The product stores username, password and account number; M&P's booking also wants a pickup
   * location. Use the one configured on the tracking account, else the account's first location.
   */
  async function resolveAccount(): Promise<{ ok: true; account: MnpAccount } | { ok: false; messages: string[] }> {
    if (account) return { ok: true, account };
    let locationId = credentials.location_id?.trim();
    if (!locationId) {
      const locations = readLocations(await client.get('Locations/Get_locations', authQuery));
      if (!locations.ok) return locations;
      locationId = locations.locationIds[0];
      if (!locationId) return { ok: false, messages: ['The M&P account has no pickup location'] };
    }
    const returnLocation = Number(credentials.return_location?.trim() || locationId);
    account = {
      locationId,
      returnLocation: Number.isFinite(returnLocation) ? returnLocation : 0,
      subAccountId: Number(credentials.sub_account_id?.trim() || 0) || 0,
    };
    return { ok: true, account };
  }

  return {
    courier: 'MNP',
    capabilities: { bookBatch: 'native', cancel: true, label: 'none', labelBatchSize: 0, loadSheet: false, findByReference: RULES.findByReference, trackBatchSize: RULES.trackBatchSize },

    async checkCredentials() {
      const cities = readCities(await client.get('Branches/Get_Cities', authQuery));
      return cities.ok ? { ok: true } : { ok: false, messages: cities.messages };
    },

    async listCities() {
      return readCities(await client.get('Branches/Get_Cities', authQuery));
    },

    async book(req) {
      const phone = normalisePkMobile(req.consignee.phone);
      if (!phone.ok) return { ok: false, messages: [phone.message] };
      const resolved = await resolveAccount();
      if (!resolved.ok) return { ok: false, messages: resolved.messages };
      return readBooking(await client.post('Booking/InsertBookingData', bookingBody(req, credentials, resolved.account, phone.phone), { changesState: true }));
    },

    async bookBatch(requests) {
      const phones = requests.map((r) => normalisePkMobile(r.consignee.phone));
      const results: BookingResult[] = phones.map((p) => ({ ok: false, messages: p.ok ? [] : [p.message] }));
      const valid = phones.flatMap((p, i) => (p.ok ? [{ i, req: requests[i]!, phone: p.phone }] : []));
      if (valid.length === 0) return results;
      const booked = await bookAsOneBatch(
        valid.map((v) => v.req),
        async (reqs: BookingRequest[]) => {
          const resolved = await resolveAccount();
          if (!resolved.ok) return reqs.map(() => ({ ok: false as const, messages: resolved.messages }));
          const body = await client.post('Booking/InsertBulkBookingData', bulkBookingBody(valid, credentials, resolved.account), { changesState: true });
          return readBulkBooking(body, reqs.map((r) => r.reference.slice(0, 50)));
        },
      );
      valid.forEach((v, j) => (results[v.i] = booked[j]!));
      return results;
    },

    async track(trackingNumbers) {
      if (trackingNumbers.length === 1) {
        const tn = trackingNumbers[0]!;
        // The tracking host needs no credentials; id is always 4.
        return readTracking(await client.getTracking('CNTracking', { consignment: tn, id: 4 }), [tn]);
      }
      const out = [];
      for (const batch of chunk(trackingNumbers, BULK_TRACK_MAX)) {
        const body = await client.post('Tracking/Bulk_Consignment_Tracking_New', {
          Username: credentials.username ?? '',
          Password: credentials.api_password ?? '',
          AccountNo: credentials.account_no ?? '',
          Consignments: batch,
        });
        out.push(...readTracking(body, batch));
      }
      return out;
    },

    async cancel(trackingNumber) {
      const resolved = await resolveAccount();
      if (!resolved.ok) return { kind: 'refused', messages: resolved.messages };
      return readCancel(
        await client.post(
          'Booking/VoidConsignment',
          { Username: credentials.username ?? '', password: credentials.api_password ?? '', locationID: resolved.account.locationId, consignmentNumberList: [trackingNumber] },
          { changesState: true },
        ),
      );
    },

    // M&P's label and load-sheet endpoints are in its Swagger only; integrators found none usable.
    async label() {
      return { kind: 'unsupported' };
    },
    async loadSheet() {
      return { kind: 'unsupported' };
    },
    async findByReference() {
      return { kind: 'unsupported' };
    },
  };
}

export const mnpCourier: CourierModule = { id: 'MNP', productionUrls: { api: 'https://mnpcourier.com/mycodapi/api/', tracking: 'https://tracking.mulphilog.com.pk/api/' }, create: createMnpAdapter };

import { COURIER_BY_ID } from '@dakiya/shared';
import type { BookingRequest, BookingResult, CourierAdapter, CourierCredentials } from '../../../domain/ports/courier';
import { bookAsOneBatch } from '../booking-loop';
import { isPdf } from '../http';
import type { CourierModule, ResolvedOptions } from '../options';
import { messagesOf } from '../parse';
import { normalisePkMobile } from '@dakiya/shared';
import { chunk } from '../tracking';
import { createLeopardClient, LEOPARD_BATCH_PATH } from './client';
import {
  bookPacketBody,
  isOk,
  readBatchBooking,
  readBooking,
  readCancel,
  readCities,
  readEnvelope,
  readOrderLookup,
  readPacketFacts,
  readTracking,
} from './mapper';
import { isOurParcel } from '../reference-match';

const RULES = COURIER_BY_ID.LEOPARD.booking;

const TRACK_BATCH = RULES.trackBatchSize;

export function createLeopardAdapter(credentials: CourierCredentials, options: ResolvedOptions): CourierAdapter {
  const client = createLeopardClient(options, credentials);

  const prepare = (req: BookingRequest) => {
    const phone = normalisePkMobile(req.consignee.phone);
    return phone.ok ? { ok: true as const, body: bookPacketBody(req, credentials, phone.phone) } : { ok: false as const, message: phone.message };
  };

  return {
    courier: 'LEOPARD',
    capabilities: { bookBatch: 'native', cancel: true, label: 'url-at-booking', labelBatchSize: 1, loadSheet: true, findByReference: RULES.findByReference, trackBatchSize: RULES.trackBatchSize },

    async checkCredentials() {
      const cities = readCities(await client.post('getAllCities', {}));
      return cities.ok ? { ok: true } : { ok: false, messages: cities.messages };
    },

    async listCities() {
      return readCities(await client.post('getAllCities', {}));
    },

    async book(req) {
      const prepared = prepare(req);
      if (!prepared.ok) return { ok: false, messages: [prepared.message] };
      return readBooking(await client.post('bookPacket', prepared.body, { changesState: true }));
    },

    async bookBatch(requests) {
      const prepared = requests.map(prepare);
      const valid = prepared.flatMap((p, i) => (p.ok ? [{ i, body: p.body }] : []));
      const results: BookingResult[] = prepared.map((p) => (p.ok ? { ok: false, messages: [] } : { ok: false, messages: [p.message] }));
      if (valid.length === 0) return results;
      const booked = await bookAsOneBatch(
        valid.map((v) => requests[v.i]!),
        async () => readBatchBooking(await client.post(LEOPARD_BATCH_PATH, { packets: valid.map((v) => v.body) }, { changesState: true }), valid.length),
      );
      valid.forEach((v, j) => (results[v.i] = booked[j]!));
      return results;
    },

    async track(trackingNumbers) {
      const out = [];
      for (const batch of chunk(trackingNumbers, TRACK_BATCH)) {
        out.push(...readTracking(await client.post('trackBookedPacket', { track_numbers: batch.join(',') }), batch));
      }
      return out;
    },

    async cancel(trackingNumber) {
      return readCancel(await client.post('cancelBookedPackets', { cn_numbers: trackingNumber }, { changesState: true }));
    },

    async label(trackingNumbers, labelUrls = []) {
      // The slip link arrives with the booking (BookingResult.labelUrl) only: a parcel booked without one has no slip.
      const link = labelUrls[0];
      if (!link) return { kind: 'unsupported' };
      if (trackingNumbers.length !== 1 || labelUrls.length !== 1) return { kind: 'refused', messages: ['Leopards gives one slip per booking'] };
      if (!/^https?:\/\//.test(link)) return { kind: 'refused', messages: ['The Leopards slip link is not a web address'] };
      const res = await client.getLink(link);
      if (isPdf(res)) return { kind: 'pdf', contentType: 'application/pdf', bytes: res.bytes };
      return { kind: 'refused', messages: [`Leopards did not return the slip of ${trackingNumbers[0]}`] };
    },

    async loadSheet(trackingNumbers) {
      const generated = readEnvelope(
        await client.post('generateLoadSheet', { cn_numbers: trackingNumbers, courier_name: 'Dakiya', courier_code: 'DAKIYA' }),
        'load sheet',
      );
      if (!isOk(generated) || generated.load_sheet_id === undefined) {
        return { kind: 'refused', messages: messagesOf(generated.error, 'Leopards refused the load sheet') };
      }
      const res = await client.postForBytes('downloadLoadSheet/', { load_sheet_id: generated.load_sheet_id, response_type: 'PDF' });
      if (isPdf(res)) return { kind: 'pdf', contentType: 'application/pdf', bytes: res.bytes };
      const failed = readEnvelope(client.json(res), 'load sheet');
      return { kind: 'refused', messages: messagesOf(failed.error, 'Leopards did not return the load sheet') };
    },

    async findByReference(match) {
      const cns = readOrderLookup(await client.post('getShipmentDetailsByOrderID', { shipment_order_id: [match.reference] }));
      if (cns.length === 0) return { kind: 'not-found' };
      // the lookup's rows do not say whose parcel it is: the packets' own details do
      const packets = readPacketFacts(await client.post('trackBookedPacket', { track_numbers: cns.join(',') }));
      const ours = packets.filter((p) => isOurParcel(p, match)).at(-1);
      return ours ? { kind: 'found', trackingNumber: ours.trackingNumber } : { kind: 'not-found' };
    },
  };
}

export const leopardCourier: CourierModule = { id: 'LEOPARD', productionUrls: { api: 'https://merchantapi.leopardscourier.com/api/' }, create: createLeopardAdapter };

import { COURIER_BY_ID } from '@dakiya/shared';
import type { CourierAdapter, CourierCredentials } from '../../../domain/ports/courier';
import { bookOneByOne } from '../booking-loop';
import { isPdf } from '../http';
import type { CourierModule, ResolvedOptions } from '../options';
import { normalisePkMobile } from '@dakiya/shared';
import { chunk } from '../tracking';
import { assertAuthorised, createPostexClient } from './client';
import {
  createOrderBody,
  findTrackingNumberByRef,
  isOk,
  readAddressCodes,
  readBooking,
  readCities,
  readEnvelope,
  readTrackBulk,
  readTrackOne,
  refusal,
} from './mapper';

const RULES = COURIER_BY_ID.POSTEX.booking;

const TRACK_BATCH = RULES.trackBatchSize;
const LABEL_MAX = 10;
const ORDER_SEARCH_DAYS = 14;

export function createPostexAdapter(credentials: CourierCredentials, options: ResolvedOptions): CourierAdapter {
  const client = createPostexClient(options, credentials);
  const TOKEN_REFUSED = ['PostEx refused the API token. Check the token in the tracking account.'];

  const book: CourierAdapter['book'] = async (req) => {
    const phone = normalisePkMobile(req.consignee.phone);
    if (!phone.ok) return { ok: false, messages: [phone.message] };
    const res = await client.call('POST', 'order/v3/create-order', { json: createOrderBody(req, credentials, phone.phone), changesState: true });
    if (res.status === 401 || res.status === 403) return { ok: false, messages: TOKEN_REFUSED };
    return readBooking(res.status, client.json(res, true));
  };

  const pdfCall = async (res: Awaited<ReturnType<typeof client.call>>, what: string) => {
    if (isPdf(res)) return { kind: 'pdf' as const, contentType: 'application/pdf', bytes: res.bytes };
    if (res.status === 401 || res.status === 403) return { kind: 'refused' as const, messages: TOKEN_REFUSED };
    // An invalid tracking number gives HTTP 200 with a JSON envelope instead of a PDF.
    return { kind: 'refused' as const, messages: refusal(readEnvelope(client.json(res), what), `PostEx did not return the ${what}`) };
  };

  return {
    courier: 'POSTEX',
    capabilities: { bookBatch: 'looped', cancel: true, label: 'pdf', labelBatchSize: LABEL_MAX, loadSheet: true, findByReference: RULES.findByReference, trackBatchSize: RULES.trackBatchSize },

    async checkCredentials() {
      const res = await client.call('GET', 'order/v1/get-merchant-address');
      if (res.status === 401 || res.status === 403) return { ok: false, messages: TOKEN_REFUSED };
      const env = readEnvelope(client.json(res), 'merchant address');
      if (!isOk(env)) return { ok: false, messages: refusal(env, 'PostEx refused the credentials') };
      const codes = readAddressCodes(env);
      if (credentials.address_code && !codes.includes(credentials.address_code)) {
        return { ok: false, messages: [`PostEx has no pickup address with code "${credentials.address_code}"`] };
      }
      return { ok: true };
    },

    async listCities() {
      const res = await client.call('GET', 'order/v2/get-operational-city', { query: { operationalCityType: 'Delivery' } });
      if (res.status === 401 || res.status === 403) return { ok: false, messages: TOKEN_REFUSED };
      return readCities(client.json(res));
    },

    book,
    bookBatch: (requests) => bookOneByOne(requests, book),

    async track(trackingNumbers) {
      const out = [];
      for (const batch of chunk(trackingNumbers, TRACK_BATCH)) {
        if (batch.length === 1) {
          const tn = batch[0]!;
          const res = await client.call('GET', `order/v1/track-order/${encodeURIComponent(tn)}`);
          assertAuthorised(res);
          out.push(readTrackOne(tn, res.status, client.json(res)));
        } else {
          const res = await client.call('GET', 'order/v1/track-bulk-order', { query: { trackingNumber: batch.join(',') } });
          assertAuthorised(res);
          out.push(...readTrackBulk(batch, client.json(res)));
        }
      }
      return out;
    },

    async cancel(trackingNumber) {
      const res = await client.call('PUT', 'order/v1/cancel-order', { json: { trackingNumber }, changesState: true });
      if (res.status === 401 || res.status === 403) return { kind: 'refused', messages: TOKEN_REFUSED };
      const env = readEnvelope(client.json(res, true), 'cancel');
      if (res.status < 300 && isOk(env)) return { kind: 'cancelled' };
      return { kind: 'refused', messages: refusal(env, 'PostEx refused to cancel') };
    },

    async label(trackingNumbers) {
      if (trackingNumbers.length > LABEL_MAX) {
        return { kind: 'refused', messages: [`PostEx prints at most ${LABEL_MAX} airway bills at a time`] };
      }
      return pdfCall(await client.call('GET', 'order/v1/get-invoice', { query: { trackingNumbers: trackingNumbers.join(',') } }), 'airway bill');
    },

    async loadSheet(trackingNumbers) {
      return pdfCall(await client.call('POST', 'order/v2/generate-load-sheet', { json: { trackingNumbers } }), 'load sheet');
    },

    async findByReference(match) {
      const day = (ms: number) => new Date(ms + 5 * 3600_000).toISOString().slice(0, 10); // Pakistan date
      const now = options.now();
      const res = await client.call('GET', 'order/v1/get-all-order', {
        query: { orderStatusID: 0, fromDate: day(now - ORDER_SEARCH_DAYS * 86_400_000), toDate: day(now + 86_400_000) },
      });
      assertAuthorised(res);
      const tn = findTrackingNumberByRef(client.json(res), match);
      return tn ? { kind: 'found', trackingNumber: tn } : { kind: 'not-found' };
    },
  };
}

export const postexCourier: CourierModule = { id: 'POSTEX', productionUrls: { api: 'https://api.postex.pk/services/integration/api/' }, create: createPostexAdapter };

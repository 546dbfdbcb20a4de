import { COURIER_BY_ID } from '@dakiya/shared';
import { isCourierUnavailable, type CourierAdapter, type CourierCredentials, type CredentialCheck } from '../../../domain/ports/courier';
import { bookOneByOne } from '../booking-loop';
import { isPdf } from '../http';
import type { CourierModule, ResolvedOptions } from '../options';
import { normalisePkMobile } from '@dakiya/shared';
import { createTcsClient } from './client';
import { bookingBody, readBooking, readCancel, readCities, readLabelFailure, readTracking } from './mapper';

const RULES = COURIER_BY_ID.TCS.booking;

/** Refusals of the credentials become data where the answer has room for it. */
async function orRefused<T>(work: () => Promise<T>, refused: (messages: string[]) => T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isCourierUnavailable(error) && error.reason === 'auth') {
      return refused(['TCS refused the credentials. Check the client id, client secret, username and password.']);
    }
    throw error;
  }
}

export function createTcsAdapter(credentials: CourierCredentials, options: ResolvedOptions): CourierAdapter {
  const client = createTcsClient(options, credentials);

  const book: CourierAdapter['book'] = async (req) => {
    const phone = normalisePkMobile(req.consignee.phone);
    if (!phone.ok) return { ok: false, messages: [phone.message] };
    const shipperPhone = normalisePkMobile(credentials.shipper_mobile);
    if (!shipperPhone.ok) return { ok: false, messages: [`Shipper mobile in the tracking account: ${shipperPhone.message}`] };
    return orRefused(async () => {
      const res = await client.call({
        method: 'POST',
        path: '/ecom/api/booking/create',
        json: bookingBody(req, credentials, phone.phone, shipperPhone.phone, ''),
        accessToken: 'body',
        ambiguousOnLoss: true,
      });
      return readBooking(res.status, client.json(res, true));
    }, (messages) => ({ ok: false, messages }));
  };

  return {
    courier: 'TCS',
    capabilities: { bookBatch: 'looped', cancel: true, label: 'pdf', labelBatchSize: 1, loadSheet: false, findByReference: RULES.findByReference, trackBatchSize: RULES.trackBatchSize },

    async checkCredentials() {
      return orRefused<CredentialCheck>(async () => {
        await client.tokens();
        return { ok: true };
      }, (messages) => ({ ok: false, messages }));
    },

    async listCities() {
      return orRefused(async () => {
        const res = await client.call({ method: 'GET', path: '/ecom/api/setup/citylistbycountry', query: { countrycode: 'PK' }, accessToken: 'query' });
        return readCities(client.json(res));
      }, (messages) => ({ ok: false, messages }));
    },

    book,
    bookBatch: (requests) => bookOneByOne(requests, book),

    async track(trackingNumbers) {
      // TCS tracks one consignment per call.
      const out = [];
      for (const tn of trackingNumbers) {
        const res = await client.call({ method: 'GET', path: '/tracking/api/Tracking/GetDynamicTrackDetail', query: { consignee: tn } });
        out.push(readTracking(tn, client.json(res)));
      }
      return out;
    },

    async cancel(trackingNumber) {
      return orRefused(async () => {
        const res = await client.call({
          method: 'POST',
          path: '/ecom/api/booking/cancel',
          json: { consignmentNumber: trackingNumber },
          accessToken: 'body',
          ambiguousOnLoss: true,
        });
        return readCancel(client.json(res, true));
      }, (messages) => ({ kind: 'refused', messages }));
    },

    async label(trackingNumbers) {
      if (trackingNumbers.length !== 1) return { kind: 'refused', messages: ['TCS prints one label per consignment'] };
      return orRefused(async () => {
        const res = await client.call({
          method: 'GET',
          path: '/ecom/api/print/label',
          query: { consignmentno: trackingNumbers[0], shipperdetail: 'true' },
          accessToken: 'query',
        });
        if (isPdf(res)) return { kind: 'pdf' as const, contentType: 'application/pdf', bytes: res.bytes };
        // Some deployments answer with a link instead of the PDF itself.
        const failure = readLabelFailure(client.json(res));
        return failure.url ? { kind: 'url' as const, url: failure.url } : { kind: 'refused' as const, messages: failure.messages };
      }, (messages) => ({ kind: 'refused', messages }));
    },

    async loadSheet() {
      return { kind: 'unsupported' };
    },

    async findByReference() {
      return { kind: 'unsupported' };
    },
  };
}

export const tcsCourier: CourierModule = { id: 'TCS', productionUrls: { api: 'https://ociconnect.tcscourier.com' }, create: createTcsAdapter };

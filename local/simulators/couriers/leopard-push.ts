import type { SimEvent, Shipment } from './kit/shipments';
import { pkDateTime } from './kit/clock';

/**
 * Leopards' Push API as its simulator plays it (courier reference §3.6, §3.13 "Optional push"): when a
 * parcel of an account with a callback address reaches a stage that has a short code, the simulator POSTs
 * `{data: [{cn_number, status, receiver_name, reason, activity_date}]}` there, one request per parcel
 * move (the stages reached together go together). No retry: a push lost is what the daily check is for.
 */
export interface PushDelivery {
  url: string;
  body: { data: PushScan[] };
  /** The HTTP status answered, or 0 when the address could not be reached. */
  status: number;
}

export interface PushScan {
  cn_number: string;
  status: string;
  receiver_name: string;
  reason: string;
  activity_date: string;
}

export interface LeopardPushControl {
  /** The callback address of an account (its api_key); undefined stops its pushes. */
  setUrl(apiKey: string, url: string | undefined): void;
  /** Every push sent since the last reset, in order, with the answer's status. */
  deliveries(): PushDelivery[];
  /** Waits for the pushes under way. */
  settle(): Promise<void>;
  /** Reads every parcel, so what wall-clock time moved them to is pushed now (parcels otherwise move when read). */
  due(): void;
}

/** `delivered`: the stage whose scan names the receiver, as the tracking answer's `Reciever_Name` does. */
export function createLeopardPush(delivered: string, everyParcel: () => void) {
  const urls = new Map<string, string>();
  const sent: PushDelivery[] = [];
  // one push after another, as a courier's sender works through its queue: a restart that finds many
  // parcels moved since does not open hundreds of requests at once
  let queue: Promise<void> = Promise.resolve();

  const send = (url: string, body: PushDelivery['body']) => {
    const delivery: PushDelivery = { url, body, status: 0 };
    sent.push(delivery);
    queue = queue.then(() =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) })
        .then(async (res) => {
          delivery.status = res.status;
          await res.arrayBuffer();
        })
        .catch(() => undefined));
  };

  return {
    control: {
      setUrl: (apiKey, url) => (url ? urls.set(apiKey, url) : urls.delete(apiKey)),
      deliveries: () => [...sent],
      settle: async () => {
        // a push sent while waiting joins the queue: wait until it stops growing
        let last: Promise<void> | undefined;
        while (last !== queue) {
          last = queue;
          await last;
        }
      },
      due: () => everyParcel(),
    } satisfies LeopardPushControl,
    /** The store's onMoved: the coded stages a parcel reached, pushed to its account's address. */
    moved(shipment: Shipment<{ account: string; consignee: { name: string } }>, reached: SimEvent[]) {
      const url = urls.get(shipment.data.account);
      if (!url) return;
      const data = reached.filter((e) => e.stage.code).map((e) => ({
        cn_number: shipment.trackingNumber,
        status: e.stage.code!,
        receiver_name: e.stage.status === delivered ? shipment.data.consignee.name : '',
        reason: e.stage.note ?? '',
        activity_date: pkDateTime(e.at),
      }));
      if (data.length) send(url, { data });
    },
    reset() {
      urls.clear();
      sent.length = 0;
    },
  };
}

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AttemptLedger, BookingRepo, BulkRows } from '../../../domain/ports/bookings';
import type { CounterStore } from '../../../domain/ports/counters';
import type { CountersMigration } from '../../../domain/ports/counters-migration';

/** The booking store's parts, each answering one question: attempts, bookings, counters, bulk rows, and the counters' one-off migration. */
export interface BookingStore {
  attempts: AttemptLedger;
  bookings: BookingRepo;
  counters: CounterStore;
  bulkRows: BulkRows;
  countersMigration: CountersMigration;
}

type OpenStore = (db: DynamoDBDocumentClient, table: string) => BookingStore;
let openStore: OpenStore | undefined;

/** Called by `register.ts`, which the handlers of the Lambdas that book or read bookings import. */
export function registerBookingStore(open: OpenStore): void {
  openStore = open;
}

/**
 * The booking store is built on ElectroDB, 190 KB of a minified bundle: only the Lambdas that book or
 * read bookings carry it, by importing `./register` in their handler. Every Lambda's deps hold these
 * stand-ins (Proxies) instead, which build the registered store on first use; in a Lambda that
 * did not register it, a use fails loudly.
 */
export function bookingStoreLoadedOnFirstUse(db: DynamoDBDocumentClient, table: string): BookingStore {
  let store: BookingStore | undefined;
  const open = (): BookingStore => {
    if (!openStore) throw new Error('the booking store: this Lambda\'s handler does not import adapters/dynamo/booking-store/register');
    return (store ??= openStore(db, table));
  };
  const standIn = <K extends keyof BookingStore>(part: K): BookingStore[K] => new Proxy({} as BookingStore[K], {
    get(_target, key) {
      const real = open()[part];
      const value: unknown = Reflect.get(real, key, real);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real) : value;
    },
  });
  return {
    attempts: standIn('attempts'), bookings: standIn('bookings'), counters: standIn('counters'), bulkRows: standIn('bulkRows'),
    countersMigration: standIn('countersMigration'),
  };
}

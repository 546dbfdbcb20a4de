import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DynamoBookingStore } from '../adapters/dynamo/booking-repo';

type Factory = (db: DynamoDBDocumentClient, table: string) => DynamoBookingStore;
let factory: Factory | undefined;

/**
 * The booking store is built on ElectroDB, 190 KB of a minified bundle: only the Lambdas that book
 * or read bookings carry it. Their handlers import `adapters/dynamo/provide-booking-store`, which
 * registers the store here; every other Lambda's deps never load it.
 */
export function provideBookingStore(make: Factory): void {
  factory = make;
}

/** `deps.bookingStore`: built on first use, from the registered factory. */
export function lazyBookingStore(db: DynamoDBDocumentClient, table: string): DynamoBookingStore {
  let store: DynamoBookingStore | undefined;
  const open = (): DynamoBookingStore => {
    if (!factory) throw new Error('deps.bookingStore: this Lambda\'s handler does not import adapters/dynamo/provide-booking-store');
    return (store ??= factory(db, table));
  };
  return new Proxy({} as DynamoBookingStore, {
    get(_target, key) {
      const real = open();
      const value: unknown = Reflect.get(real, key, real);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real) : value;
    },
  });
}

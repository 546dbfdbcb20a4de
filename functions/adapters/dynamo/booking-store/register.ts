import { DynamoAttemptLedger } from './attempt-ledger';
import { DynamoBookingRepo } from './bookings';
import { DynamoBulkRows } from './bulk-rows';
import { DynamoCounterStore } from './counter-items';
import { DynamoCountersMigration } from './counters-migration';
import { registerBookingStore } from './loaded-on-first-use';

// imported for its effect by the handlers whose operations reach the booking store (loaded-on-first-use.ts)
registerBookingStore((db, table) => ({
  attempts: new DynamoAttemptLedger(db, table),
  bookings: new DynamoBookingRepo(db, table),
  counters: new DynamoCounterStore(db, table),
  bulkRows: new DynamoBulkRows(db, table),
  countersMigration: new DynamoCountersMigration(db, table),
}));

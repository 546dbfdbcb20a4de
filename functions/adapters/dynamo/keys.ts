import type { CounterItemRef } from '../../domain/ports/counters';

/**
 * The only code that knows pk/sk. Every shop-owned item sits under `SHOP#<id>`; the few items that
 * are not (uniqueness claims for a domain or an email, OAuth state before the shop is known, a person
 * and the pointers to their shops, the invitations waiting for an address) carry shop and user ids as
 * data and nothing else of the shop.
 */
export const keys = {
  shop: (shopId: string) => ({ pk: `SHOP#${shopId}`, sk: 'SHOP' }),
  domainClaim: (domain: string) => ({ pk: `DOMAIN#${domain}`, sk: 'DOMAIN' }),
  user: (shopId: string, userId: string) => ({ pk: `SHOP#${shopId}`, sk: `USER#${userId}` }),
  userPrefix: (shopId: string) => ({ pk: `SHOP#${shopId}`, skPrefix: 'USER#' }),
  /** A verified person's address -> the person (an invitation never writes one). */
  emailClaim: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  person: (personId: string) => ({ pk: `PERSON#${personId}`, sk: 'PERSON' }),
  /** The shops of a person: one pointer per membership. */
  personShop: (personId: string, shopId: string) => ({ pk: `PERSON#${personId}`, sk: `SHOP#${shopId}` }),
  personShops: (personId: string) => ({ pk: `PERSON#${personId}`, skPrefix: 'SHOP#' }),
  /** An address is used once per shop, by a member or an invitation. */
  shopEmail: (shopId: string, email: string) => ({ pk: `SHOP#${shopId}`, sk: `EMAIL#${email.toLowerCase()}` }),
  /** Invitations waiting for an address (sign-in says 'verify your email' to the right password). */
  invite: (email: string, shopId: string, userId: string) => ({ pk: `INVITE#${email.toLowerCase()}`, sk: `SHOP#${shopId}#USER#${userId}` }),
  invitesOf: (email: string) => ({ pk: `INVITE#${email.toLowerCase()}`, skPrefix: 'SHOP#' }),
  session: (shopId: string, userId: string, tokenHash: string) => ({ pk: `SHOP#${shopId}`, sk: `SESSION#${userId}#${tokenHash}` }),
  sessionsOfUser: (shopId: string, userId: string) => ({ pk: `SHOP#${shopId}`, skPrefix: `SESSION#${userId}#` }),
  /** One live emailed link per purpose: of a membership (verify-email) or of a person (password links). */
  link: (slot: { shopId?: string; userId?: string; personId?: string; purpose: string }) =>
    slot.personId ? { pk: `PERSON#${slot.personId}`, sk: `LINK#${slot.purpose}` } : { pk: `SHOP#${slot.shopId}`, sk: `LINK#${slot.userId}#${slot.purpose}` },
  staffCounter: (shopId: string) => ({ pk: `SHOP#${shopId}`, sk: 'COUNTER#staff' }),
  /** Rate-limit windows key on an email or an address, before any shop is known. */
  rate: (key: string, windowStart: number) => ({ pk: `RATE#${key}`, sk: `WINDOW#${windowStart}` }),
  /** Sign-in limits of an account (the address typed, known or not): tries per address, failures per hour, step-up, familiar addresses. */
  signInTries: (account: string, kind: string, address: string) => ({ pk: `SIGNIN#${account}`, sk: `TRIES#${kind}#${address}` }),
  signInFailures: (account: string, hourStart: number) => ({ pk: `SIGNIN#${account}`, sk: `FAILED#${hourStart}` }),
  signInStepUp: (account: string) => ({ pk: `SIGNIN#${account}`, sk: 'STEPUP' }),
  signInFamiliar: (account: string, address: string) => ({ pk: `SIGNIN#${account}`, sk: `FAMILIAR#${address}` }),
  /** A sign-in waiting for its emailed code. */
  signInCode: (id: string) => ({ pk: `SIGNINCODE#${id}`, sk: 'SIGNINCODE' }),
  account: (shopId: string, accountId: string) => ({ pk: `SHOP#${shopId}`, sk: `ACCOUNT#${accountId}` }),
  accountCounter: (shopId: string) => ({ pk: `SHOP#${shopId}`, sk: 'COUNTER#accounts' }),
  defaultAccount: (shopId: string) => ({ pk: `SHOP#${shopId}`, sk: 'DEFAULT#account' }),
  /** One per order and usage month: an order counts once a month however often it is booked. */
  usageSlot: (shopId: string, month: string, orderId: string) => ({ pk: `SHOP#${shopId}`, sk: `USAGE#${month}#${orderId}` }),
  /** Orders counted in a usage month (the shop's time zone), for the free plan's limit and the usage bar. */
  usageCounter: (shopId: string, month: string) => ({ pk: `SHOP#${shopId}`, sk: `COUNTER#usage#${month}` }),
  settings: (shopId: string) => ({ pk: `SHOP#${shopId}`, sk: 'SETTINGS' }),
  /** What the last move to FREE deactivated (users and accounts a later subscribe may reactivate). */
  downgrade: (shopId: string) => ({ pk: `SHOP#${shopId}`, sk: 'BILLING#downgrade' }),
  oauthState: (nonce: string) => ({ pk: `OAUTH#${nonce}`, sk: 'STATE' }),
  webhookDelivery: (shopDomain: string, webhookId: string) => ({ pk: `DOMAIN#${shopDomain}`, sk: `WEBHOOK#${webhookId}` }),
  /** A job record sits under its shop; a job with no shop (a reset asked for an address) on its own. */
  job: (ref: { id: string; shopId?: string }) => (ref.shopId ? { pk: `SHOP#${ref.shopId}`, sk: `JOB#${ref.id}` } : { pk: `JOB#${ref.id}`, sk: 'JOB' }),
  /** index jobsDue: pending records of a job, spread over a few partitions, by sweep time. */
  jobDue: (job: string, id: string, sweepAt: number) => ({ gsi1pk: `JOBDUE#${job}#${jobShard(id)}`, gsi1sk: jobDueSort(sweepAt, id) }),
  jobDueSort: (sweepAt: number, id: string) => jobDueSort(sweepAt, id),
  jobDueShard: (job: string, shard: number) => `JOBDUE#${job}#${shard}`,
  /** A CSV export and where it stands; ids sort by creation, so the newest come first read backwards. */
  export: (shopId: string, exportId: string) => ({ pk: `SHOP#${shopId}`, sk: `EXPORT#${exportId}` }),
  exportsOf: (shopId: string) => ({ pk: `SHOP#${shopId}`, skPrefix: 'EXPORT#' }),
  /** A Shopify order's claim, and its pointer to its live booking (the booking itself: booking-store/entity.ts). */
  orderClaim: (shopId: string, orderId: string) => ({ pk: `SHOP#${shopId}`, sk: `ORDER#${orderId}` }),
  bookingAttempt: (shopId: string, attemptId: string) => ({ pk: `SHOP#${shopId}`, sk: `ATTEMPT#${attemptId}` }),
  /** Every attempt ever made at a Shopify order (attempt ids are random, the claim names only the latest): what customers/redact finds them by. */
  orderAttemptPointer: (shopId: string, orderId: string, attemptId: string) => ({ pk: `SHOP#${shopId}`, sk: `ORDERATTEMPT#${orderId}#${attemptId}` }),
  /**
   * Every attempt whose plan was sent to a consignee's phone or email (`contact`: a phone as stored, an
   * email in lower case): customers/redact reaches an attempt by it when Shopify no longer lists its order.
   */
  attemptContactPointer: (shopId: string, contact: string, attemptId: string) => ({ pk: `SHOP#${shopId}`, sk: `ATTEMPTTO#${contact}#${attemptId}` }),
  /** A booking by its consignee's email, in lower case (customers/redact names the customer by it). */
  emailPointer: (shopId: string, email: string, trackingNumber: string) => ({ pk: `SHOP#${shopId}`, sk: `MAILTO#${email.toLowerCase()}#${trackingNumber}` }),
  /** Pointers to a booking by order name, consignee phone and the booking's own id. */
  orderNamePointer: (shopId: string, name: string, trackingNumber: string) => ({ pk: `SHOP#${shopId}`, sk: `ORDERNAME#${name}#${trackingNumber}` }),
  phonePointer: (shopId: string, phone: string, trackingNumber: string) => ({ pk: `SHOP#${shopId}`, sk: `PHONE#${phone}#${trackingNumber}` }),
  bookingIdPointer: (shopId: string, bookingId: string) => ({ pk: `SHOP#${shopId}`, sk: `BOOKINGID#${bookingId}` }),
  /** Every booking ever made of a Shopify order (the claim keeps only the live one): what a privacy request finds by order id. */
  orderBookingPointer: (shopId: string, orderId: string, trackingNumber: string) => ({ pk: `SHOP#${shopId}`, sk: `ORDERBOOKING#${orderId}#${trackingNumber}` }),
  /** The public tracking page knows only the number: which shop(s) booked it. */
  parcel: (trackingNumber: string, shopId: string) => ({ pk: `PARCEL#${trackingNumber}`, sk: `SHOP#${shopId}` }),
  /**
   * A counter item (domain/ports/counters.ts): the shop's by day or month, a member's, a city's, and the
   * deliveries of a day. Each kind's days (or months) sort together, so a date range is one Query.
   */
  counter: (shopId: string, ref: CounterItemRef) => ({ pk: `SHOP#${shopId}`, sk: counterSort(ref) }),
  counterSort: (ref: CounterItemRef) => counterSort(ref),
  /** Every counter item of a shop sorts under one of these. */
  counterPrefixes: ['CNT#', 'DELIVERED#'] as const,
  /** The per-day counters of the first bookings version (`COUNT#<day>#<dimension>#<value>`), which the migration removes. */
  legacyCounterPrefix: 'COUNT#',
  /** Days whose counters changed in an hour (epoch hours), which the recount goes through. */
  recountMark: (hour: number, mark: { shopId: string; kind: string; day: string }) => ({ pk: `RECOUNT#${hour}`, sk: `SHOP#${mark.shopId}#${mark.kind}#${mark.day}` }),
  recountHour: (hour: number) => ({ pk: `RECOUNT#${hour}`, skPrefix: 'SHOP#' }),
  recountState: { pk: 'RECOUNT', sk: 'STATE' },
  /** The first bookings version's marks (`RECOUNT#<day>`), which the migration removes. */
  legacyRecountMarks: (day: string) => ({ pk: `RECOUNT#${day}`, skPrefix: 'SHOP#' }),
  /** A parcel's last ask of its courier by the tracking modal (an expiring item): at most one ask per ten minutes. */
  trackingAsk: (shopId: string, trackingNumber: string) => ({ pk: `SHOP#${shopId}`, sk: `TRACKASK#${trackingNumber}` }),
  /** What needs a person: one item per booking or attempt, deleted once resolved. */
  attention: (shopId: string, subject: string) => ({ pk: `SHOP#${shopId}`, sk: `ATTENTION#${subject}` }),
  attentionOf: (shopId: string) => ({ pk: `SHOP#${shopId}`, skPrefix: 'ATTENTION#' }),
  /** The progress of a one-off migration of the table. */
  migration: (name: string) => ({ pk: `MIGRATION#${name}`, sk: 'MIGRATION' }),
  migrationMark: (name: string, shopId: string, kind: string, day: string) => ({ pk: `MIGRATION#${name}`, sk: `SHOP#${shopId}#${kind}#${day}` }),
  migrationMarks: (name: string) => ({ pk: `MIGRATION#${name}`, skPrefix: 'SHOP#' }),
  bulkRow: (shopId: string, jobId: string, index: number) => ({ pk: `SHOP#${shopId}`, sk: `BULK#${jobId}#${String(index).padStart(4, '0')}` }),
  bulkRows: (shopId: string, jobId: string) => ({ pk: `SHOP#${shopId}`, skPrefix: `BULK#${jobId}#` }),
  /** The list of paid shops (the status sync's work list of shops), spread over a few partitions. */
  paidShop: (shopId: string) => ({ pk: `PAIDSHOPS#${paidShard(shopId)}`, sk: `SHOP#${shopId}` }),
  paidShard: (shard: number) => ({ pk: `PAIDSHOPS#${shard}`, skPrefix: 'SHOP#' }),
  /**
   * A parcel that stopped moving, watched a few days for a courier's correction: on the moving index's
   * partition of its account, sorting after every parcel (`~`) by its expiry, so a read from now on skips the expired.
   */
  syncWatch: (shopId: string, trackingNumber: string) => ({ pk: `SHOP#${shopId}`, sk: `SYNCWATCH#${trackingNumber}` }),
  syncWatchSort: (expiresAt: string, trackingNumber: string) => `~WATCH#${expiresAt}#${trackingNumber}`,
  syncWatchFrom: (at: string) => `~WATCH#${at}`,
  syncWatchEnd: '~WATCH#~',
  /** Sorts after every record due at or before `sweepAt`. */
  jobDueUntil: (sweepAt: number) => `${String(sweepAt).padStart(12, '0')}#~`,
};

/** Pending jobs spread over this many index partitions so a busy job never makes one hot partition. */
export const JOB_DUE_SHARDS = 4;

/** Paid shops spread over this many partitions: a plan change writes one, the hourly slot reads them all. */
export const PAID_SHOP_SHARDS = 4;

function paidShard(shopId: string): number {
  let sum = 0;
  for (const c of shopId) sum = (sum + c.charCodeAt(0)) % PAID_SHOP_SHARDS;
  return sum;
}

function counterSort(ref: CounterItemRef): string {
  switch (ref.kind) {
    case 'shop': return `CNT#${ref.period}#${ref.at}`;
    case 'staff': return `CNT#BY#${ref.userId}#${ref.period}#${ref.at}`;
    case 'city': return `CNT#CITY#${ref.cityKey}#${ref.period}#${ref.at}`;
    case 'courierDays': return `CNT#HIST#${ref.cityKey}#${ref.period}#${ref.at}`;
    case 'delivered': return `DELIVERED#${ref.at}`;
  }
}

/** The counter item a sort key names (the inverse of counterSort); undefined for another item. */
export function counterRefOf(sk: string): CounterItemRef | undefined {
  let m = /^CNT#(DAY|MONTH|YEAR)#([\d-]+)$/.exec(sk);
  if (m) return { kind: 'shop', period: m[1] as 'DAY', at: m[2]! };
  m = /^CNT#BY#(.+)#(DAY|MONTH)#([\d-]+)$/.exec(sk);
  if (m) return { kind: 'staff', userId: m[1]!, period: m[2] as 'DAY', at: m[3]! };
  m = /^CNT#CITY#(.+)#(DAY|MONTH)#([\d-]+)$/.exec(sk);
  if (m) return { kind: 'city', cityKey: m[1]!, period: m[2] as 'DAY', at: m[3]! };
  m = /^CNT#HIST#(.+)#(DAY|MONTH)#([\d-]+)$/.exec(sk);
  if (m) return { kind: 'courierDays', cityKey: m[1]!, period: m[2] as 'DAY', at: m[3]! };
  m = /^DELIVERED#([\d-]+)$/.exec(sk);
  if (m) return { kind: 'delivered', at: m[1]! };
  return undefined;
}

function jobDueSort(sweepAt: number, id: string): string {
  return `${String(sweepAt).padStart(12, '0')}#${id}`;
}

function jobShard(id: string): number {
  let sum = 0;
  for (const c of id) sum = (sum + c.charCodeAt(0)) % JOB_DUE_SHARDS;
  return sum;
}

export const KEY_ATTRIBUTES = [
  'pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'gsi4pk', 'gsi4sk', 'gsi5pk', 'gsi5sk', 'gsi6pk', 'gsi6sk', 'gsi7pk', 'gsi7sk', 'gsi8pk', 'gsi8sk', 'gsi9pk', 'gsi9sk', 'gsi10pk', 'gsi10sk', 'type',
] as const;

/** Strip the table's own attributes so nothing of the key design leaves the repository. */
export function stripKeys<T>(item: Record<string, unknown>): T {
  const copy: Record<string, unknown> = { ...item };
  for (const attribute of KEY_ATTRIBUTES) delete copy[attribute];
  return copy as T;
}

/** Build `SET a = :a, b = :b` for a flat patch; undefined values are skipped. */
export function setExpression(patch: Record<string, unknown>) {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = entries.map(([key, value], i) => {
    names[`#f${i}`] = key;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  return { expression: `SET ${parts.join(', ')}`, names, values, empty: entries.length === 0 };
}

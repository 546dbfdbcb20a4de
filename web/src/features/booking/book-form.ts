import { courierWeightIssue, weightProposal, type BookOrderInput, type MergeLookup, type OrderLookup, type TrackingAccount } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';
import { editDistance, matchCity, normaliseCityName, type CityEntry, type CityMatch } from '@dakiya/shared/city-match';
import { isApiError } from '../../lib/api';
import type { Refusal } from '../../lib/form-refusal';
import type { ParseableSchema } from '../../lib/validate';

/** What the form holds: text as typed, so a half-typed number is never silently changed. */
export interface BookFormValues {
  tracking_account: string;
  pieces: string;
  weight: string;
  cod_amount: string;
  order_name: string;
  products_list: string;
  remarks: string;
  consignee_name: string;
  consignee_email: string;
  consignee_phone: string;
  consignee_phone2: string;
  consignee_phone3: string;
  consignee_address: string;
  /** The city as the order has it (what the matcher is asked about). */
  consignee_city: string;
  /** The courier's own city key, chosen from the account's list. */
  destination_city: string;
}

export type BookFormErrors = Partial<Record<keyof BookFormValues, string>>;

/** Active accounts only (inactive ones are hidden from booking), the default first. */
export function bookableAccounts(accounts: readonly TrackingAccount[]): TrackingAccount[] {
  return accounts.filter((a) => !a.in_active).sort((a, b) => Number(b.is_default) - Number(a.is_default));
}

/** The default account is preselected; otherwise the first active one. */
export function preselectedAccount(accounts: readonly TrackingAccount[]): string {
  const active = bookableAccounts(accounts);
  return (active.find((a) => a.is_default) ?? active[0])?._id ?? '';
}

/** The weight the server would use with this account (`proposedWeight`: the account's, else the store's default, else 100 g). */
export function proposedFor(account: TrackingAccount | undefined, storeWeight: number | null | undefined): string {
  return String(weightProposal({ accountWeight: account?.weight, storeWeight }).grams);
}

/**
 * The weight field's helper: why this weight (until the person types one), and the courier's minimum
 * when it is more than the 1 g every booking needs anyway.
 */
export function weightHelper(account: TrackingAccount | undefined, storeWeight: number | null | undefined, typed: boolean): string | undefined {
  const from = weightProposal({ accountWeight: account?.weight, storeWeight }).from;
  const why = typed ? undefined : { account: 'From the account.', store: "From your store's default weight.", default: 'The standard weight.' }[from];
  const courier = account ? COURIER_BY_ID[account.company] : undefined;
  const min = courier?.booking.minWeightGrams ?? 1;
  const least = courier && min > 1 ? `${courier.name} needs at least ${min} g.` : undefined;
  return [why, least].filter(Boolean).join(' ') || undefined;
}

/**
 * After the person picks another account: the weight follows it (what the server would use) until the
 * person has typed a weight of their own.
 */
export function weightAfterAccountChange(values: BookFormValues, account: TrackingAccount | undefined, storeWeight: number | null | undefined, typed: boolean): string {
  return typed ? values.weight : proposedFor(account, storeWeight);
}

export function formFromLookup(lookup: OrderLookup, accountId: string, account?: TrackingAccount): BookFormValues {
  return {
    tracking_account: accountId,
    pieces: String(Math.max(1, lookup.pieces)),
    weight: proposedFor(account, lookup.weight),
    cod_amount: String(lookup.cod_amount),
    order_name: lookup.order_name,
    products_list: lookup.products_list,
    remarks: '',
    consignee_name: lookup.consignee_fullname,
    consignee_email: lookup.consignee_email,
    consignee_phone: lookup.consignee_phone1,
    consignee_phone2: lookup.consignee_phone2,
    consignee_phone3: lookup.consignee_phone3,
    consignee_address: lookup.consignee_address,
    consignee_city: lookup.consignee_city,
    destination_city: '',
  };
}

export function formFromMerge(merge: MergeLookup, accountId: string, account?: TrackingAccount): BookFormValues {
  return {
    tracking_account: accountId,
    pieces: String(Math.max(1, merge.pieces)),
    weight: proposedFor(account, merge.weight),
    cod_amount: String(merge.cod),
    order_name: merge.orderNames,
    products_list: merge.productsList,
    remarks: '',
    consignee_name: merge.consignee.name,
    consignee_email: merge.consignee.email,
    consignee_phone: merge.consignee.phone1,
    consignee_phone2: merge.consignee.phone2,
    consignee_phone3: merge.consignee.phone3,
    consignee_address: merge.consignee.address,
    consignee_city: merge.consignee.city,
    destination_city: '',
  };
}

export interface MergeTotals {
  codWithoutShipping: number;
  avgShipping: number;
  shippingPrice: number;
}

/** A number field as typed: empty is missing (the schema says so), anything else as a number, NaN included, so the schema names it. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The body of POST /book-order (the spec's form fields, plus the city under each name it is read by). */
export function bookBody(values: BookFormValues, orderId: string | string[], courier: TrackingAccount['company'] | undefined, merge?: MergeTotals) {
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  return {
    tracking_account: values.tracking_account,
    shipping_type: 'overnight' as const,
    order_id: orderId,
    pieces: numberOf(values.pieces),
    weight: numberOf(values.weight),
    cod_amount: numberOf(values.cod_amount),
    ...(merge ? { cod_without_shipping: merge.codWithoutShipping, average_shipping_price: merge.avgShipping, total_shipping_price: merge.shippingPrice } : {}),
    order_name: values.order_name.trim(),
    products_list: values.products_list.trim(),
    remarks: optional(values.remarks),
    consignee_name: values.consignee_name.trim(),
    consignee_email: optional(values.consignee_email),
    consignee_phone: values.consignee_phone.trim(),
    consignee_phone2: optional(values.consignee_phone2),
    consignee_phone3: optional(values.consignee_phone3),
    consignee_address: values.consignee_address.trim(),
    destination_city: values.destination_city,
    consignee_city: optional(values.consignee_city),
    city: values.destination_city,
    ...(courier ? { courier_company: courier } : {}),
  };
}
export type BookBody = ReturnType<typeof bookBody>;

const FIELDS: Record<string, keyof BookFormValues> = {
  tracking_account: 'tracking_account', pieces: 'pieces', weight: 'weight', cod_amount: 'cod_amount', order_name: 'order_name',
  products_list: 'products_list', remarks: 'remarks', consignee_name: 'consignee_name', consignee_email: 'consignee_email',
  consignee_phone: 'consignee_phone', consignee_phone2: 'consignee_phone2', consignee_phone3: 'consignee_phone3',
  consignee_address: 'consignee_address', destination_city: 'destination_city', city: 'destination_city', consignee_city: 'destination_city',
};

/** The form's fields as they stand on screen, top to bottom: the first of them a refusal names gets the focus. */
export const BOOK_FIELD_ORDER: readonly (keyof BookFormValues)[] = [
  'tracking_account', 'weight', 'pieces', 'destination_city', 'consignee_name', 'consignee_email', 'consignee_phone', 'consignee_phone2',
  'consignee_phone3', 'consignee_city', 'consignee_address', 'order_name', 'cod_amount', 'products_list', 'remarks',
];

/**
 * What the Book button's refusal says happened: 'Not booked' only when nothing was; a courier that may have
 * booked (its answer lost, Shopify not answering after it, no answer at all) did not finish, and an order
 * booked meanwhile is already booked.
 */
export function bookRefusalTitle(refusal: Pick<Refusal, 'code' | 'tone'>): string {
  if (refusal.code === 'ORDER_ALREADY_BOOKED') return 'Already booked';
  if (refusal.tone === 'warning' || refusal.code === 'COURIER_CHECK_NEEDED' || refusal.code === 'FULFILMENT_PENDING') return 'The booking did not finish';
  return 'Not booked';
}

/** The form field a message names (a schema path's head or a server `param`), if it is one of the form's. */
export function bookFieldOf(param: PropertyKey | undefined): keyof BookFormValues | undefined {
  return param === undefined ? undefined : FIELDS[String(param)];
}

/**
 * The body checked before sending with the server's own schema (its messages) and the chosen courier's
 * lightest parcel. The form books with the courier's own city key (the picker), so the city as the order
 * has it does not count here: without a chosen city the schema's 'Please add destination city' shows.
 */
export function validateBookForm(schema: ParseableSchema<BookOrderInput>, body: BookBody, courier: TrackingAccount['company'] | undefined): BookFormErrors {
  const errors: BookFormErrors = {};
  const parsed = schema.safeParse({ ...body, consignee_city: undefined });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = bookFieldOf(issue.path[0]);
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  const tooLight = courier && body.weight !== undefined && !errors.weight ? courierWeightIssue(COURIER_BY_ID[courier], body.weight) : undefined;
  if (tooLight) errors.weight = tooLight;
  return errors;
}

/** The courier's list as the matcher takes it. */
export function cityEntries(cities: readonly { label: string; value: string }[]): CityEntry[] {
  return cities.map((c) => ({ key: c.value, name: c.label }));
}

/** Which courier city the order's city is, or the matcher's suggestions when it is unsure. */
export function cityMatchFor(orderCity: string, cities: readonly { label: string; value: string }[]): CityMatch {
  return matchCity(orderCity, cityEntries(cities));
}

type CityOption = { label: string; value: string };

/** The courier's cities nearest to `text` by spelling, nearest first (a person still chooses among them). */
export function closestCities<C extends CityOption>(text: string, cities: readonly C[], count = 3): C[] {
  const wanted = normaliseCityName(text);
  return cities
    .map((city) => ({ city, distance: editDistance(wanted, normaliseCityName(city.label)) }))
    .sort((a, b) => a.distance - b.distance || a.city.label.localeCompare(b.city.label))
    .slice(0, count)
    .map((scored) => scored.city);
}

/** 'No TCS city matches "Gilgit".': the courier named, since another account's courier may serve it. */
export function noCityMessage(courierName: string, text: string): string {
  return `No ${courierName} city matches "${text.trim()}".`;
}

/**
 * The picker's list for what is typed in its search: the cities whose name contains it; none, and it says
 * so with the nearest ones instead of an empty list.
 */
export function citySearch<C extends CityOption>(search: string, cities: readonly C[], courierName: string): { shown: C[]; none?: { message: string; closest: C[] } } {
  const text = search.trim().toLowerCase();
  if (!text) return { shown: [...cities] };
  const shown = cities.filter((c) => c.label.toLowerCase().includes(text));
  if (shown.length > 0) return { shown };
  return { shown, none: { message: noCityMessage(courierName, search), closest: closestCities(search, cities) } };
}

/** The list's first line: how many cities it offers, or that the search left none. */
export function cityListLabel(loading: boolean, shown: number, total: number, searching: boolean): string {
  if (loading) return 'Loading cities…';
  if (searching && shown === 0) return 'No city matches the search';
  if (searching) return `Choose from ${shown} of ${total} cities`;
  return `Choose from ${total} cities`;
}

/**
 * How a failed lookup is shown before the form (spec §8): 'order is already fulfilled on shopify.' in a
 * success-toned banner (the work is done); an order Dakiya booked likewise, with its tracking number so
 * the screen links to the booking's page; every other message in a warning-toned one.
 */
export function loadBanner(error: unknown): { tone: 'success' | 'warning'; message: string; code?: string; trackingNumber?: string } {
  if (isApiError(error) && error.code === 'ORDER_ALREADY_BOOKED' && error.body?.tracking_number) {
    return { tone: 'success', message: error.message, code: error.code, trackingNumber: error.body.tracking_number };
  }
  if (isApiError(error) && error.code === 'ORDER_ALREADY_FULFILLED') return { tone: 'success', message: error.message, code: error.code };
  return { tone: 'warning', message: (isApiError(error) && error.message) || 'Something went wrong', code: isApiError(error) ? error.code : undefined };
}

/** COD of a merged parcel (spec §4): COD without shipping plus the average shipping, as the person edits either. */
export function mergedCod(codWithoutShipping: string, avgShipping: string): number {
  const total = (Number(codWithoutShipping) || 0) + (Number(avgShipping) || 0);
  return Math.round(total * 100) / 100;
}

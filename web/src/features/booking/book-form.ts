import type { MergeLookup, OrderLookup, TrackingAccount } from '@dakiya/shared';
import { matchCity, type CityEntry, type CityMatch } from '@dakiya/shared/city-match';
import { isApiError } from '../../lib/api';

/** The spec's default parcel weight when neither the store nor the account has one (grams). */
export const DEFAULT_WEIGHT = 100;
export const MAX_WEIGHT = 50000;

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

/** The store's default weight, else the account's, else the spec's 100 g. */
export function startingWeight(storeWeight: number | null | undefined, account?: TrackingAccount): number {
  return storeWeight && storeWeight > 0 ? storeWeight : account?.weight && account.weight > 0 ? account.weight : DEFAULT_WEIGHT;
}

export function formFromLookup(lookup: OrderLookup, accountId: string, account?: TrackingAccount): BookFormValues {
  return {
    tracking_account: accountId,
    pieces: String(Math.max(1, lookup.pieces)),
    weight: String(startingWeight(lookup.weight, account)),
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
    weight: String(startingWeight(merge.weight, account)),
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

const REQUIRED: [keyof BookFormValues, string][] = [
  ['tracking_account', 'Choose the tracking account'],
  ['order_name', 'Order name is required'],
  ['consignee_name', 'Consignee name is required'],
  ['consignee_phone', 'Consignee phone is required'],
  ['consignee_address', 'Consignee address is required'],
  ['products_list', 'Products list is required'],
  ['destination_city', 'Please add destination city'],
];

/** The spec's booking rules, checked before sending (the server checks them again). */
export function validateBookForm(values: BookFormValues): BookFormErrors {
  const errors: BookFormErrors = {};
  for (const [key, message] of REQUIRED) if (!values[key].trim()) errors[key] = message;
  const pieces = Number(values.pieces);
  if (!values.pieces.trim() || !Number.isInteger(pieces) || pieces < 1) errors.pieces = 'Pieces must be at least 1';
  const weight = Number(values.weight);
  if (!values.weight.trim() || !Number.isFinite(weight) || weight < 1) errors.weight = 'Weight must be at least 1';
  else if (weight > MAX_WEIGHT) errors.weight = `Weight must be at most ${MAX_WEIGHT}`;
  else if (!Number.isInteger(weight)) errors.weight = 'Weight must be whole grams';
  const cod = Number(values.cod_amount);
  if (!values.cod_amount.trim() || !Number.isFinite(cod) || cod < 0) errors.cod_amount = 'COD amount must be at least 0';
  return errors;
}

/** The body of POST /book-order (the spec's form fields, plus the city under each name it is read by). */
export function bookBody(values: BookFormValues, orderId: string | string[], courier: TrackingAccount['company'] | undefined, merge?: { codWithoutShipping: number; avgShipping: number; shippingPrice: number }) {
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  return {
    tracking_account: values.tracking_account,
    shipping_type: 'overnight' as const,
    order_id: orderId,
    pieces: Number(values.pieces),
    weight: Number(values.weight),
    cod_amount: Number(values.cod_amount),
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

/** The courier's list as the matcher takes it. */
export function cityEntries(cities: readonly { label: string; value: string }[]): CityEntry[] {
  return cities.map((c) => ({ key: c.value, name: c.label }));
}

/** Which courier city the order's city is, or the matcher's suggestions when it is unsure. */
export function cityMatchFor(orderCity: string, cities: readonly { label: string; value: string }[]): CityMatch {
  return matchCity(orderCity, cityEntries(cities));
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

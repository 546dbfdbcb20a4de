import { courierDefinition, courierWeightIssue, normalisePkMobile, type BookOrderInput } from '@dakiya/shared';
import { matchCity } from '@dakiya/shared/city-match';
import type { CourierAdapter, CourierCity } from '../ports/courier';
import type { BookingPlan } from '../ports/bookings';
import type { AccountRecord } from '../records';
import type { Deps } from '../ports/deps';
import { AppError } from '../../ground/errors';
import { loadAccount } from '../accounts/load-account';
import { openCredentials, withCourier } from '../accounts/credentials';

/** A courier's city list changes rarely: one call per account and container an hour, not one per booking. */
const CITY_TTL_MS = 60 * 60_000;
const cityLists = new Map<string, { at: number; cities: CourierCity[] }>();

export async function courierCities(account: AccountRecord, adapter: CourierAdapter, nowMs: number): Promise<CourierCity[]> {
  const key = `${account.shopId}:${account._id}`;
  const cached = cityLists.get(key);
  if (cached && nowMs - cached.at < CITY_TTL_MS) return cached.cities;
  const result = await withCourier(() => adapter.listCities());
  if (!result.ok) throw new AppError('COURIER_UNAVAILABLE', { msg: 'City fetching failed' });
  cityLists.set(key, { at: nowMs, cities: result.cities });
  return result.cities;
}

export interface BookingAccount {
  account: AccountRecord;
  adapter: CourierAdapter;
}

/** The chosen tracking account of this shop, active, with its courier adapter. */
export async function bookingAccount(shopId: string, accountId: string, deps: Deps): Promise<BookingAccount> {
  const account = await loadAccount(shopId, accountId, deps);
  if (account.in_active) throw new AppError('VALIDATION_FAILED', { msg: 'This tracking account is inactive. Choose an active one.', param: 'tracking_account' });
  return { account, adapter: deps.courier(account.company, await openCredentials(account, deps)) };
}

const invalid = (param: string, msg: string) => new AppError('VALIDATION_FAILED', { msg, param });

function phone(value: string | undefined, param: string, required: boolean): string | undefined {
  if (!value?.trim()) {
    if (required) throw invalid(param, 'Consignee phone is required');
    return undefined;
  }
  const result = normalisePkMobile(value);
  if (!result.ok) throw invalid(param, result.message);
  return result.phone;
}

/**
 * The booking form checked against the chosen courier: phones normalised to 03XXXXXXXXX, the
 * destination matched to the courier's own city list (suggestions when unsure), and the courier's
 * limits (its definition in shared/src/couriers) applied before anything is claimed or called.
 */
export async function planBooking(
  input: BookOrderInput, orderIds: string[], orderNames: string[], { account, adapter }: BookingAccount, nowMs: number,
): Promise<BookingPlan> {
  const rules = courierDefinition(account.company).booking;
  const name = input.consignee_name.trim();
  if (name.length < rules.consigneeName.min || name.length > rules.consigneeName.max) {
    throw invalid('consignee_name', `Consignee name must be ${rules.consigneeName.min} to ${rules.consigneeName.max} characters for ${courierDefinition(account.company).name}`);
  }
  if (input.consignee_address.length > rules.consigneeAddressMax) {
    throw invalid('consignee_address', `Consignee address must be at most ${rules.consigneeAddressMax} characters for ${courierDefinition(account.company).name}`);
  }
  if (input.products_list.length > rules.productsMax) throw invalid('products_list', `Products list must be at most ${rules.productsMax} characters`);
  if ((input.remarks ?? '').length > rules.remarksMax) throw invalid('remarks', `Remarks must be at most ${rules.remarksMax} characters`);
  if (input.pieces > rules.piecesMax) throw invalid('pieces', `Pieces must be at most ${rules.piecesMax}`);
  const tooLight = courierWeightIssue(courierDefinition(account.company), input.weight);
  if (tooLight) throw invalid('weight', tooLight);
  const cod = Math.round(input.cod_amount);
  if (cod > rules.cod.max) throw invalid('cod_amount', `COD amount must be at most ${rules.cod.max}`);
  if (rules.cod.minPositive && cod <= 0) throw invalid('cod_amount', `${courierDefinition(account.company).name} books cash on delivery only: the COD amount must be more than 0`);

  const wanted = (input.destination_city || input.consignee_city || input.city || '').trim();
  const match = matchCity(wanted, await courierCities(account, adapter, nowMs));
  if (match.kind === 'no-match') {
    throw new AppError('CITY_NOT_MATCHED', { msg: match.message, param: 'destination_city' });
  }
  return {
    accountId: account._id,
    orderIds,
    orderNames,
    reference: orderNames.join(','),
    consignee: {
      name,
      email: input.consignee_email?.trim() || undefined,
      phone: phone(input.consignee_phone, 'consignee_phone', true)!,
      phone2: phone(input.consignee_phone2, 'consignee_phone2', false),
      phone3: phone(input.consignee_phone3, 'consignee_phone3', false),
      address: input.consignee_address.trim(),
    },
    destinationKey: match.city.key,
    destinationCity: match.city.name.trim(),
    cod,
    weight: input.weight,
    pieces: input.pieces,
    productsList: input.products_list.trim(),
    remarks: input.remarks?.trim() ?? '',
  };
}

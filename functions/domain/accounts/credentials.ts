import type { CreateAccountInput } from '@dakiya/shared';
import type { CourierAdapter, CourierCredentials } from '../ports/courier';
import { CourierUnavailableError } from '../ports/courier';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { AccountRecord } from '../records';

const SECRET_FIELDS = [
  'api_key', 'api_password', 'username', 'account_no', 'token', 'tcs_account_id', 'client_id', 'client_secret', 'cost_center_code',
] as const;

/** The courier credentials a create form carries, and the names of those that were given. */
export function credentialsOf(input: CreateAccountInput): { credentials: CourierCredentials; saved: string[] } {
  const source = input as Record<string, unknown>;
  const credentials: CourierCredentials = {};
  for (const field of SECRET_FIELDS) {
    if (typeof source[field] === 'string') credentials[field] = source[field] as string;
  }
  if (input.company === 'POSTEX') credentials.address_code = input.address_code;
  if (input.company === 'TCS') {
    Object.assign(credentials, {
      shipper_name: input.shipper_name, shipper_address: input.shipper_address,
      shipper_mobile: input.shipper_mobile, shipper_city: input.shipper_city,
    });
  }
  return { credentials, saved: SECRET_FIELDS.filter((f) => credentials[f] !== undefined) };
}

export async function openCredentials(account: AccountRecord, deps: Deps): Promise<CourierCredentials> {
  return JSON.parse(await deps.secrets.decrypt(account.credentials, account.shopId)) as CourierCredentials;
}

export function sealCredentials(shopId: string, credentials: CourierCredentials, deps: Deps): Promise<string> {
  return deps.secrets.encrypt(JSON.stringify(credentials), shopId);
}

/** Courier outages become the catalogue's "courier unavailable"; nothing else of them leaks. */
export async function withCourier<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CourierUnavailableError) throw new AppError('COURIER_UNAVAILABLE');
    throw error;
  }
}

/** The spec warns credentials cannot change later, so they are checked with the courier before saving. */
export async function verifyWithCourier(adapter: CourierAdapter): Promise<void> {
  const check = await withCourier(() => adapter.checkCredentials());
  if (!check.ok) {
    const detail = check.messages.filter(Boolean).join('; ');
    throw new AppError('COURIER_REJECTED', { msg: `The courier did not accept these credentials${detail ? `: ${detail}` : ''}`, param: 'credentials' });
  }
}

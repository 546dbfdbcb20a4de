import { courierDefinition, type CourierId, type CreateAccountInput, type CredentialKey } from '@dakiya/shared';
import type { CourierAdapter, CourierCredentials } from '../ports/courier';
import { CourierUnavailableError } from '../ports/courier';
import type { Deps } from '../ports/deps';
import { AppError } from '../../ground/errors';
import type { AccountRecord } from '../records';

/**
 * The courier credentials a create form carries (every field of the courier's definition, sealed
 * together) and the names of those kept only sealed, which the API lists as `saved_credentials`.
 */
export function credentialsOf(input: CreateAccountInput): { credentials: CourierCredentials; saved: string[] } {
  const source = input as unknown as Record<string, unknown>;
  const credentials: CourierCredentials = {};
  const saved: string[] = [];
  for (const field of courierDefinition(input.company).fields) {
    const value = source[field.key];
    if (typeof value !== 'string') continue;
    credentials[field.key] = value;
    if (!field.onAccount) saved.push(field.key);
  }
  return { credentials, saved };
}

/** The fields a courier keeps in the clear on the account as well (pickup code, shipper details). */
export function accountDetailsOf(company: CourierId, credentials: CourierCredentials): Partial<Record<CredentialKey, string>> {
  const details: Partial<Record<CredentialKey, string>> = {};
  for (const field of courierDefinition(company).fields) {
    if (field.onAccount && credentials[field.key] !== undefined) details[field.key] = credentials[field.key];
  }
  return details;
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

import type { CourierCredentials } from '../ports/courier';
import type { Deps } from '../ports/deps';
import type { AccountRecord } from '../records';
import { openCredentials } from '../accounts/credentials';

/** Accounts a container keeps open; past it the oldest is dropped (a worker sees few shops at a time). */
const MOST = 500;
const opened = new Map<string, { sealed: string; credentials: Promise<CourierCredentials> }>();

/**
 * An account's courier credentials, decrypted once per container (issue 21: a KMS call per courier
 * call was a third of the KMS bill). Keyed by the account and its sealed value, which every change of
 * the credentials rewrites: a changed account is opened again, never served stale.
 */
export function credentialsOf(account: AccountRecord, deps: Deps): Promise<CourierCredentials> {
  const key = `${account.shopId}#${account._id}`;
  const held = opened.get(key);
  if (held?.sealed === account.credentials) return held.credentials;
  const credentials = openCredentials(account, deps);
  // a failed open is not kept: the next message tries again
  credentials.catch(() => opened.delete(key));
  opened.delete(key);
  opened.set(key, { sealed: account.credentials, credentials });
  if (opened.size > MOST) opened.delete(opened.keys().next().value!);
  return credentials;
}

import { GENERIC_ERROR, isApiError } from '../../lib/api';
import type { FieldErrors, Validation } from '../../lib/validate';
import type { PairKey } from './components/password-pair-card';
/** `spentLink`: the server refused the link itself (used, expired, replaced): the page offers a way on. */
export type PairFailure = { errors: FieldErrors<PairKey>; message?: string; spentLink?: boolean };

const pairOnly = (errors: FieldErrors): FieldErrors<PairKey> => ({
  ...(errors.password ? { password: errors.password } : {}),
  ...(errors.confirm_password ? { confirm_password: errors.confirm_password } : {}),
});

/**
 * A check that failed before sending: messages of the two fields show next to them; one about the link
 * itself (its hash or id) shows above the form, so the button never fails in silence.
 */
export function invalidPair<T>(result: Extract<Validation<T>, { ok: false }>): PairFailure {
  const fields = pairOnly(result.errors);
  const other = Object.entries(result.errors).find(([key]) => key !== 'password' && key !== 'confirm_password')?.[1];
  return other && Object.keys(fields).length === 0 ? { errors: fields, message: other } : { errors: fields };
}

/** A refused or failed call: field messages next to the fields, anything else (a spent link, no connection) above the form. */
export function failedPair(error: unknown): PairFailure {
  if (!isApiError(error)) return { errors: {}, message: GENERIC_ERROR };
  const fields: FieldErrors = {};
  for (const item of error.body?.errors ?? []) if (item.param && !fields[item.param]) fields[item.param] = item.msg;
  const pair = pairOnly(fields);
  if (Object.keys(pair).length > 0) return { errors: pair };
  const message = error.message || GENERIC_ERROR;
  return fields.hash || fields._id ? { errors: {}, message, spentLink: true } : { errors: {}, message };
}

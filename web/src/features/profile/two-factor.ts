import type { PlanId, Profile } from '@dakiya/shared';
import { isApiError } from '../../lib/api';

/** Spec 001 §8 success toast and §4 state text. */
export const TWO_FACTOR_ENABLED = 'Two factor authentication enabled';
export const TWO_FACTOR_ON = 'Two factor auth is enabled';
export const TWO_FACTOR_DISABLED = 'Two factor authentication disabled';
export const RECOVERY_CODES_FILE = 'dakiya-recovery-codes.txt';

/** The free plan's answer to the QR-code call: 403 PLAN_FEATURE. */
export function isPlanFeatureError(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'PLAN_FEATURE';
}

/** Setting two-factor up is a paid feature: on FREE the page offers the upgrade and never asks for a QR code. */
export function canSetUpTwoFactor(plan: PlanId): boolean {
  return plan !== 'FREE';
}

/** The cached profile after two-factor changed, shown at once while it is fetched again. */
export function withTwoFactor(current: Profile | undefined, enabled: boolean, codesLeft: number): Profile | undefined {
  return current ? { ...current, data: { ...current.data, two_factor_enabled: enabled, recovery_codes_left: enabled ? codesLeft : 0 } } : current;
}

/** The text a person copies or downloads: what the codes are for, then one code a line. */
export function recoveryCodesText(codes: readonly string[], account: { email: string; shop: string }): string {
  return [
    `Dakiya recovery codes for ${account.email} (${account.shop})`,
    'Each code signs you in once when you cannot use your authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** "1 recovery code left", "no recovery codes left". */
export function codesLeftLabel(left: number): string {
  if (left === 0) return 'No recovery codes left';
  return `${left} recovery ${left === 1 ? 'code' : 'codes'} left`;
}

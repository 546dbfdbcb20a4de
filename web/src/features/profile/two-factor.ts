import type { Profile } from '@dakiya/shared';
import { isApiError } from '../../lib/api';

/** Spec 001 §8 success toast and §4 state text. */
export const TWO_FACTOR_ENABLED = 'Two factor authentication enabled';
export const TWO_FACTOR_ON = 'Two factor auth is enabled';

/** The free plan's answer to the QR-code call: 403 PLAN_FEATURE. */
export function isPlanFeatureError(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'PLAN_FEATURE';
}

/** The cached profile with two-factor switched on, shown at once while it is fetched again. */
export function markTwoFactorEnabled(current: Profile | undefined): Profile | undefined {
  return current ? { ...current, data: { ...current.data, two_factor_enabled: true } } : current;
}

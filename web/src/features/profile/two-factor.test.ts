import type { Profile } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { isPlanFeatureError, markTwoFactorEnabled } from './two-factor';

describe('two-factor helpers', () => {
  it('recognises the free plan answer only', () => {
    const planFeature = new ApiError(403, { errors: [{ msg: 'This feature is available on the Monthly and Yearly plans', code: 'PLAN_FEATURE' }] }, 'x');
    expect(isPlanFeatureError(planFeature)).toBe(true);
    expect(isPlanFeatureError(new ApiError(403, { errors: [{ msg: 'no', code: 'MISSING_SCOPE' }] }, 'x'))).toBe(false);
    expect(isPlanFeatureError(new Error('x'))).toBe(false);
  });
  it('marks the cached profile enabled without touching the rest', () => {
    const profile = { data: { first_name: 'Bilal', two_factor_enabled: false } } as unknown as Profile;
    const next = markTwoFactorEnabled(profile);
    expect(next?.data.two_factor_enabled).toBe(true);
    expect(next?.data.first_name).toBe('Bilal');
    expect(profile.data.two_factor_enabled).toBe(false);
    expect(markTwoFactorEnabled(undefined)).toBeUndefined();
  });
});

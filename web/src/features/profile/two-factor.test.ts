import { describe, expect, it } from 'vitest';
import type { Profile } from '@dakiya/shared';
import { canSetUpTwoFactor, codesLeftLabel, isPlanFeatureError, recoveryCodesText, withTwoFactor } from './two-factor';
import { ApiError } from '../../lib/api';

const profile = { data: { two_factor_enabled: false, recovery_codes_left: 0, first_name: 'Ayesha' } } as unknown as Profile;

describe('two-factor helpers', () => {
  it('recognises the free plan refusal of the QR code', () => {
    const body = { errors: [{ msg: 'This feature is available on the Monthly and Yearly plans', code: 'PLAN_FEATURE' }] };
    expect(isPlanFeatureError(new ApiError(403, body, body.errors[0]!.msg))).toBe(true);
    expect(isPlanFeatureError(new ApiError(403, { errors: [{ msg: 'x', code: 'ADMIN_ONLY' }] }, 'x'))).toBe(false);
    expect(isPlanFeatureError(new Error('x'))).toBe(false);
  });

  it('only paid plans set it up', () => {
    expect(canSetUpTwoFactor('FREE')).toBe(false);
    expect(canSetUpTwoFactor('MONTHLY')).toBe(true);
    expect(canSetUpTwoFactor('YEARLY')).toBe(true);
  });

  it('marks the cached profile without touching the rest', () => {
    expect(withTwoFactor(profile, true, 10)?.data).toMatchObject({ two_factor_enabled: true, recovery_codes_left: 10, first_name: 'Ayesha' });
    expect(withTwoFactor(profile, false, 7)?.data.recovery_codes_left).toBe(0);
    expect(withTwoFactor(undefined, true, 10)).toBeUndefined();
  });

  it('writes the codes one a line under a heading', () => {
    const text = recoveryCodesText(['abcd-efgh-jkmn', 'pqrs-tuvw-xyz2'], { email: 'owner@shop.pk', shop: 'Lahore Linen' });
    expect(text.split('\n')).toEqual([
      'Dakiya recovery codes for owner@shop.pk (Lahore Linen)',
      'Each code signs you in once when you cannot use your authenticator app. Keep them somewhere safe.',
      '',
      'abcd-efgh-jkmn',
      'pqrs-tuvw-xyz2',
      '',
    ]);
  });

  it('counts the codes left in words', () => {
    expect(codesLeftLabel(0)).toBe('No recovery codes left');
    expect(codesLeftLabel(1)).toBe('1 recovery code left');
    expect(codesLeftLabel(9)).toBe('9 recovery codes left');
  });
});

import { describe, expect, it } from 'vitest';
import { twoFactorResetNote } from './components/two-factor-card';

describe('the edit-user two-factor card', () => {
  it('offers the reset only for a staff member with two-factor on who is neither the viewer nor the owner', () => {
    expect(twoFactorResetNote({ two_factor_enabled: true, is_owner: false }, false).canReset).toBe(true);
    expect(twoFactorResetNote({ two_factor_enabled: false, is_owner: false }, false)).toEqual({
      canReset: false, note: 'They sign in with their password only. They can turn it on from their profile.',
    });
    expect(twoFactorResetNote({ two_factor_enabled: true, is_owner: false }, true)).toEqual({
      canReset: false, note: 'Turn yours off from your profile, with your password and a code.',
    });
    expect(twoFactorResetNote({ two_factor_enabled: true, is_owner: true }, false).canReset).toBe(false);
  });

  it('on one\'s own page (the owner editing themselves) it says "you", never "they"', () => {
    for (const is_owner of [true, false]) {
      expect(twoFactorResetNote({ two_factor_enabled: false, is_owner }, true)).toEqual({
        canReset: false, note: 'You sign in with your password only. Turn two-factor on from your profile.',
      });
      expect(twoFactorResetNote({ two_factor_enabled: true, is_owner }, true).note).not.toMatch(/\bthey\b/i);
    }
  });
});

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
});

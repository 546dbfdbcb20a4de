import { CreatePasswordInput } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import { validate } from '../../lib/validate';
import { failedPair, invalidPair } from './pair-outcome';

describe('what the new-password forms show when they cannot go on', () => {
  it('a bad link is said above the form (the button used to do nothing), field messages stay by their fields', () => {
    const broken = validate(CreatePasswordInput, { password: 'long-enough-1', confirm_password: 'long-enough-1', hash: 'abc', _id: 'def' });
    expect(broken.ok).toBe(false);
    if (broken.ok) return;
    expect(invalidPair(broken)).toEqual({ errors: {}, message: 'This link is not valid' });
    const short = validate(CreatePasswordInput, { password: 'short', confirm_password: 'other', hash: 'abc', _id: '0123456789abcdef01234567' });
    if (short.ok) throw new Error('expected a failure');
    expect(invalidPair(short)).toEqual({ errors: { password: 'Password must be at least 8 characters', confirm_password: 'Password and confirm password must be same' } });
  });

  it('a spent link, a refused password and a dropped connection', () => {
    const spent = new ApiError(400, { errors: [{ msg: 'This link is not valid or has expired', code: 'VALIDATION_FAILED', param: 'hash' }] }, 'This link is not valid or has expired');
    expect(failedPair(spent)).toEqual({ errors: {}, message: 'This link is not valid or has expired', spentLink: true });
    const weak = new ApiError(400, { errors: [{ msg: 'Password must be at least 8 characters', code: 'VALIDATION_FAILED', param: 'password' }] }, 'x');
    expect(failedPair(weak)).toEqual({ errors: { password: 'Password must be at least 8 characters' } });
    expect(failedPair(new ApiError(0, null, NETWORK_ERROR))).toEqual({ errors: {}, message: NETWORK_ERROR });
  });
});

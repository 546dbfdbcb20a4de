import { LoginInput } from '@dakiya/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { loginErrorDetail, loginErrorMessage, retryAfterSeconds, signInProblem, submitLabel, validateLogin, waitLine } from './login-form';

describe('login validation (spec 000 §5)', () => {
  it('exact messages', () => {
    expect(validateLogin(LoginInput, { email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: 'Email is required or invalid', password: 'Password is required' },
    });
    expect(validateLogin(LoginInput, { email: 'not-an-email', password: 'x' })).toEqual({ ok: false, errors: { email: 'Email is required or invalid' } });
  });
  it('accepts and normalizes a valid login', () => {
    expect(validateLogin(LoginInput, { email: ' Ayesha@Example.PK ', password: 'secret' })).toEqual({
      ok: true,
      data: { email: 'ayesha@example.pk', password: 'secret' },
    });
  });
  it("login error: server message or 'Something went wrong'", () => {
    expect(loginErrorMessage(new ApiError(400, { errors: [{ msg: 'Email or password is incorrect', code: 'INVALID_CREDENTIALS' }] }, 'Email or password is incorrect'))).toBe(
      'Email or password is incorrect',
    );
    expect(loginErrorMessage(new ApiError(500, null, ''))).toBe('Something went wrong');
    expect(loginErrorMessage(new TypeError('x'))).toBe('Something went wrong');
    expect(loginErrorMessage(new Error('Failed to log in'))).toBe('Failed to log in');
  });
  it("no answer at all: 'Something went wrong', and a line saying the connection failed", () => {
    const offline = new ApiError(0, null, 'The connection failed. Check your internet connection and try again.');
    expect(loginErrorMessage(offline)).toBe('Something went wrong');
    expect(loginErrorDetail(offline)).toBe('The connection failed. Check your internet connection and try again.');
    expect(loginErrorDetail(new ApiError(400, null, 'Email or password is incorrect'))).toBeUndefined();
  });
  it("the form's code could not download: offline the connection failed; online (a reload did not help) reload the page", () => {
    const missing = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/src-abc.js');
    expect(loginErrorMessage(missing)).toBe('Something went wrong');
    expect(loginErrorDetail(missing, false)).toBe('The connection failed. Check your internet connection and try again.');
    expect(loginErrorDetail(missing, true)).toBe('Dakiya could not download part of this page. Reload the page, then sign in again.');
  });
});

describe('a slowed-down sign-in says how long to wait (issue 17)', () => {
  const slowed = new ApiError(429, { errors: [{ msg: 'Too many failed attempts. Wait 8 seconds and try again.', code: 'RATE_LIMITED' }], retry_after: 8 }, 'Too many failed attempts. Wait 8 seconds and try again.');
  it('reads the wait from the answer, and only from a slow-down', () => {
    expect(retryAfterSeconds(slowed)).toBe(8);
    expect(retryAfterSeconds(new ApiError(429, { errors: [{ msg: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' }] }, 'x'))).toBeUndefined();
    expect(retryAfterSeconds(new ApiError(400, { errors: [{ msg: 'x', code: 'INVALID_CREDENTIALS' }], retry_after: 8 }, 'x'))).toBeUndefined();
    expect(retryAfterSeconds(new Error('x'))).toBeUndefined();
    expect(loginErrorMessage(slowed)).toBe('Too many failed attempts. Wait 8 seconds and try again.');
  });
  it('counts down to the next try', () => {
    expect([8, 2, 1, 0, -1].map(waitLine)).toEqual([
      'You can try again in 8 seconds.', 'You can try again in 2 seconds.', 'You can try again in 1 second.', 'You can try again now.', 'You can try again now.',
    ]);
  });
  it('every step heads a slow-down without the server’s fixed seconds, which the countdown under it says', () => {
    expect(signInProblem(slowed)).toEqual({ message: 'Too many failed attempts.', wait: true });
    const one = new ApiError(429, { errors: [{ msg: 'Too many failed attempts. Wait 1 second and try again.', code: 'RATE_LIMITED' }], retry_after: 1 }, 'Too many failed attempts. Wait 1 second and try again.');
    expect(signInProblem(one)).toEqual({ message: 'Too many failed attempts.', wait: true });
    // the per-address ceiling says minutes, not a count of seconds: its words stay, with the countdown under them
    const ceiling = 'Too many attempts. Please wait a few minutes and try again.';
    expect(signInProblem(new ApiError(429, { errors: [{ msg: ceiling, code: 'RATE_LIMITED' }], retry_after: 300 }, ceiling))).toEqual({ message: ceiling, wait: true });
    const wrong = new ApiError(400, { errors: [{ msg: 'Email or password is incorrect', code: 'INVALID_CREDENTIALS' }] }, 'Email or password is incorrect');
    expect(signInProblem(wrong)).toEqual({ message: 'Email or password is incorrect', detail: undefined });
  });
  it('the button waits with the seconds left, then says its own words', () => {
    expect([submitLabel('Verify', 12), submitLabel('Verify', 1), submitLabel('Verify', 0)]).toEqual(['Try again in 12 s', 'Try again in 1 s', 'Verify']);
  });
});

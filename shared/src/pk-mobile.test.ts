import { describe, expect, it } from 'vitest';
import { normalisePkMobile, PHONE_FORMAT_MESSAGE } from './pk-mobile';

describe('normalisePkMobile', () => {
  it.each([
    ['03001234567', '03001234567'],
    ['0300-1234567', '03001234567'],
    ['0300 123 4567', '03001234567'],
    ['+92 300 1234567', '03001234567'],
    ['+923001234567', '03001234567'],
    ['00923001234567', '03001234567'],
    ['923001234567', '03001234567'],
    ['3001234567', '03001234567'],
    [' (0321) 123-4567 ', '03211234567'],
    ['+92-345-1234567', '03451234567'],
  ])('%s → %s', (input, phone) => {
    expect(normalisePkMobile(input)).toEqual({ ok: true, phone });
  });

  it.each(['021-111-222-333', '0300123456', '030012345678', '+1 415 555 0100', '04212345678', 'abc', '+92 21 1234567'])('rejects %s', (input) => {
    expect(normalisePkMobile(input)).toEqual({ ok: false, message: `"${input.trim()}" is not a Pakistani mobile number. ${PHONE_FORMAT_MESSAGE}` });
  });

  it('says when the number is missing', () => {
    expect(normalisePkMobile('  ')).toEqual({ ok: false, message: `Phone number is missing. ${PHONE_FORMAT_MESSAGE}` });
    expect(normalisePkMobile(undefined).ok).toBe(false);
  });
});

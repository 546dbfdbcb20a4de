/**
 * Pakistani mobile numbers, one rule for the forms, the schemas and the couriers: `03XXXXXXXXX`, or
 * the same with +92, 0092 or 92 in place of the 0 (PostEx, TCS and M&P reject anything else;
 * Leopards documents no format but every example uses it).
 */
export const PK_MOBILE = /^(\+92|0092|92|0)?3\d{9}$/;

/** What a field holding a mobile says when it holds something else (`Shipper mobile must be ...`). */
export const pkMobileMessage = (label: string) => `${label} must be a Pakistani mobile number like 03001234567`;

export type PhoneResult = { ok: true; phone: string } | { ok: false; message: string };

export const PHONE_FORMAT_MESSAGE = 'Enter a Pakistani mobile number such as 0300 1234567 or +92 300 1234567';

/** The number as couriers want it (`03XXXXXXXXX`); people type separators freely: spaces, dashes, dots, brackets. */
export function normalisePkMobile(input: string | null | undefined): PhoneResult {
  const raw = (input ?? '').trim();
  if (raw === '') return { ok: false, message: `Phone number is missing. ${PHONE_FORMAT_MESSAGE}` };
  const compact = raw.replace(/[\s\-().]/g, '');
  if (!PK_MOBILE.test(compact)) return { ok: false, message: `"${raw}" is not a Pakistani mobile number. ${PHONE_FORMAT_MESSAGE}` };
  return { ok: true, phone: `0${compact.slice(-10)}` };
}

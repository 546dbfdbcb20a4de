/**
 * Pakistani mobile numbers as every courier wants them: `03XXXXXXXXX` (PostEx, TCS and M&P reject
 * anything else; Leopards documents no format but every example uses it).
 */
export type PhoneResult = { ok: true; phone: string } | { ok: false; message: string };

export const PHONE_FORMAT_MESSAGE = 'Enter a Pakistani mobile number such as 0300 1234567 or +92 300 1234567';

export function normalisePkMobile(input: string | null | undefined): PhoneResult {
  const raw = (input ?? '').trim();
  if (raw === '') return { ok: false, message: `Phone number is missing. ${PHONE_FORMAT_MESSAGE}` };
  // People type separators freely: spaces, dashes, dots, brackets.
  const compact = raw.replace(/[\s\-().]/g, '');
  let national: string | undefined;
  if (/^\+923\d{9}$/.test(compact)) national = compact.slice(3);
  else if (/^00923\d{9}$/.test(compact)) national = compact.slice(4);
  else if (/^923\d{9}$/.test(compact)) national = compact.slice(2);
  else if (/^03\d{9}$/.test(compact)) national = compact.slice(1);
  else if (/^3\d{9}$/.test(compact)) national = compact;
  if (national === undefined) return { ok: false, message: `"${raw}" is not a Pakistani mobile number. ${PHONE_FORMAT_MESSAGE}` };
  return { ok: true, phone: `0${national}` };
}

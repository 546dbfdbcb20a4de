/** Crockford's base 32: no I, L, O or U, so a code read off an airway bill is typed back right. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Six characters (30 random bits) of the attempt's id: `K7Q2MX`. */
export function attemptCode(attemptId: string): string {
  // the id ends with 8 random bytes (ground/ids): its last 30 bits are random
  let bits = Number.parseInt(attemptId.slice(-8), 16) & 0x3fffffff;
  let code = '';
  for (let i = 0; i < 6; i++) {
    code = ALPHABET[bits & 31] + code;
    bits >>>= 5;
  }
  return code;
}

/**
 * The reference a courier keeps for one attempt: the order names, as the merchant reads them on the
 * airway bill, and the attempt's code (`#1443-K7Q2MX`). Stores that share a courier account all start
 * at #1001, and an order booked again after a cancel is a new attempt: the code keeps every reference
 * apart, so a lookup by reference finds this attempt's parcel and no other.
 */
export function referenceOf(orderNames: string[], attemptId: string): string {
  return `${orderNames.join(',')}-${attemptCode(attemptId)}`;
}

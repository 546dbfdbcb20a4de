/**
 * What sign-in remembers to keep guessing slow without letting anyone lock a person out
 * (domain/sign-in-limits.ts holds the rules). An account is the address typed at sign-in, lowercased,
 * whether or not a person has it, so an unknown address behaves like a known one. An address is the
 * viewer's (an IPv4 address, or the /64 of an IPv6 one).
 */

/** A password, or a code (the authenticator's, a recovery code, an emailed sign-in code). */
export type TryKind = 'password' | 'code';

/** One address's tries at one account since its last success; each try is counted before its check. */
export interface Tries {
  failures: number;
  /** Epoch seconds of the last try. */
  lastAt: number;
}

export interface SignInState {
  /** Absent when none, or forgotten. */
  tries?: Tries;
  /** This address completed a sign-in to this account not long ago. */
  familiar: boolean;
  /** Epoch seconds until which a new address needs the emailed code (0: no step-up). */
  stepUpUntil: number;
  /** Failures of the account in the previous clock hour, for the sliding hour. */
  previousHourFailures: number;
}

/** Every read checks expiry itself: DynamoDB deletes expired items late, DynamoDB Local never. */
export interface SignInTriesStore {
  read(account: string, address: string, kind: TryKind, hourStart: number): Promise<SignInState>;
  /**
   * Writes `next` when the tries are still `seen` (undefined: none, or forgotten), kept until `forgetAt`.
   * Otherwise someone else counted a try first: answers the tries as they are now.
   */
  swap(account: string, address: string, kind: TryKind, seen: Tries | undefined, next: Tries, forgetAt: number): Promise<{ swapped: true } | { swapped: false; now?: Tries }>;
  clear(account: string, address: string, kind: TryKind): Promise<void>;
  /** One more failure of the account in the hour starting at `hourStart`: answers that hour's count. */
  addFailure(account: string, hourStart: number, expiresAt: number): Promise<number>;
  stepUp(account: string, until: number): Promise<void>;
  rememberAddress(account: string, address: string, until: number): Promise<void>;
}

/** One sign-in waiting for its emailed code. A wrong password gets one too (no person), whose code never comes. */
export interface SignInCodeRecord {
  id: string;
  account: string;
  /** The person whose password was right; absent when it was not. */
  personId?: string;
  /** The store the sign-in asked for. */
  store?: string;
  /** Of the token's random part: the token itself is never stored. */
  tokenDigest: string;
  /** Of the emailed code, written by the mail worker. */
  codeDigest?: string;
  tries: number;
  expiresAt: number;
}

export interface SignInCodeStore {
  put(record: SignInCodeRecord): Promise<void>;
  /** Undefined when unknown or expired. */
  get(id: string): Promise<SignInCodeRecord | undefined>;
  /** The mail worker's code replaces any earlier one of the record; false when the record is gone. */
  setCode(id: string, codeDigest: string): Promise<boolean>;
  /** Counts one try at the code; false once `max` tries were used (or the record is gone). */
  countTry(id: string, max: number): Promise<boolean>;
  /** Deletes the record if its code is still `codeDigest`: of two racing uses, one wins. */
  take(id: string, codeDigest: string): Promise<boolean>;
}

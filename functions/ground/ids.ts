import { randomBytes } from 'node:crypto';

/** 24-hex ids like the spec's order ids: 4 bytes of seconds then 8 random bytes, so ids sort by creation. */
export function newId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000).toString(16).padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

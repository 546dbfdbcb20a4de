import { TRACKING_REQUESTS_PER_ADDRESS_PER_MINUTE } from '@dakiya/shared';
import type { Deps } from '../domain/ports/deps';
import { AppError } from '../ground/errors';

const WINDOW_SECONDS = 60;

/**
 * The page and its API count together per address: numbers are guessable, and each request may ask
 * a courier. A fixed window, so the 429 says when it lifts.
 */
export async function limitTracking(addressKey: string, deps: Deps): Promise<void> {
  if (await deps.limiter.hit(`track-ip:${addressKey}`, TRACKING_REQUESTS_PER_ADDRESS_PER_MINUTE, WINDOW_SECONDS)) return;
  const seconds = deps.limiter.secondsLeft(WINDOW_SECONDS);
  throw new AppError('RATE_LIMITED', { extra: { retry_after: seconds }, headers: { 'retry-after': String(seconds) } });
}

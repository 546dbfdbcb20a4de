import { useCallback, useState } from 'react';
import { retryAfterSeconds } from './login-form';
import { useSecondsLeft } from './use-seconds-left';

/**
 * A sign-in step's slow-down (issue 17): `follow(error)` starts the countdown of an answer that says how
 * long to wait (and ends any before it); `secondsLeft` ticks to 0, while which the step's button waits.
 */
export function useSlowDown(): { secondsLeft: number; follow(error: unknown): void; clear(): void } {
  const [until, setUntil] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(until);
  const follow = useCallback((error: unknown) => {
    const wait = retryAfterSeconds(error);
    setUntil(wait ? Date.now() + wait * 1000 : null);
  }, []);
  const clear = useCallback(() => setUntil(null), []);
  return { secondsLeft, follow, clear };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { LambdaNeeds } from '@dakiya/shared';
import { pause } from './clock';

/** One run of a Lambda: which function, what it declared it touches, and when it must have answered. */
export interface Invocation {
  /** The endpoint group or job. */
  name: string;
  needs: LambdaNeeds;
  /** Epoch ms at which Lambda stops the function. */
  deadline: number;
  /** A person waits for this answer (an API request): outbound calls retry less and give up sooner. */
  interactive?: boolean;
}

const current = new AsyncLocalStorage<Invocation>();

/** Kept back from every outbound call, so a call that runs out of time still becomes a clear answer. */
export const ANSWER_MARGIN_MS = 1500;

/** Runs `work` as one invocation: the least-privilege guards and the outbound deadlines read it. */
export function runInvocation<T>(invocation: Invocation, work: () => Promise<T>): Promise<T> {
  return current.run(invocation, work);
}

export function currentInvocation(): Invocation | undefined {
  return current.getStore();
}

/**
 * When the function must have answered: Lambda's own clock when there is one; elsewhere (the local
 * gateway, tests) the declared timeout, exactly the budget Lambda would give.
 */
export function deadlineOf(needs: LambdaNeeds, context: { getRemainingTimeInMillis?: () => number } | undefined, now = Date.now()): number {
  const remaining = typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : needs.timeoutSeconds * 1000;
  return now + remaining;
}

/** What an outbound call may still take: the time left minus the answer margin; Infinity outside an invocation. */
export function timeLeftMs(now = Date.now()): number {
  const invocation = current.getStore();
  return invocation ? Math.max(0, invocation.deadline - ANSWER_MARGIN_MS - now) : Number.POSITIVE_INFINITY;
}

/**
 * fetch bounded by the invocation's deadline on top of the caller's own timeout: a courier or
 * Shopify that is slow ends in the caller's "did not answer" error while there is still time to
 * say so, never in Lambda killing the function (a bare 503 from API Gateway).
 */
export function withDeadline<I>(fetchImpl: (input: I, init?: RequestInit) => Promise<Response>): (input: I, init?: RequestInit) => Promise<Response> {
  return (input: I, init: RequestInit = {}) => {
    const left = timeLeftMs();
    if (!Number.isFinite(left)) return fetchImpl(input, init);
    // A controller and a timer rather than AbortSignal.any(timeout signals): the composite holds its
    // sources weakly, and a collected timeout signal never fires. The timer stays until the deadline
    // so reading the body is bounded too; it is unref'd and aborting a finished call does nothing.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('The invocation ran out of time', 'TimeoutError')), left);
    timer.unref();
    const own = init.signal;
    if (own) {
      if (own.aborted) controller.abort(own.reason);
      else own.addEventListener('abort', () => controller.abort(own.reason), { once: true });
    }
    return fetchImpl(input, { ...init, signal: controller.signal });
  };
}

/** A wait (retry back-off, throttle) that would outlast the invocation ends at once instead. */
export async function sleepWithinDeadline(ms: number, onTooLong: () => Error): Promise<void> {
  if (ms >= timeLeftMs()) throw onTooLong();
  await pause(ms);
}

/**
 * The IAM role of each Lambda is built from its declared needs (shared/src/needs.ts). Inside an
 * invocation, code refuses the same things, in every mode, so local runs and tests fail where AWS
 * would (platform/least-privilege.ts guards the clients with it). Outside an invocation (seeding,
 * test setup) everything is let through.
 */
export class AccessDenied extends Error {
  override readonly name = 'AccessDenied';
}

export function requireNeed(allowed: (needs: LambdaNeeds) => boolean, what: string): void {
  const invocation = currentInvocation();
  if (!invocation || allowed(invocation.needs)) return;
  const error = new AccessDenied(`${invocation.name} may not ${what}: its needs in shared/src/needs.ts do not declare it (its IAM role would refuse it too)`);
  // loud in every mode: in a test this is the reason behind an otherwise bare 500
  console.error(`[least privilege] ${error.message}`);
  throw error;
}

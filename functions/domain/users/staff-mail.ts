import type { Deps } from '../ports/deps';
import type { Log } from '../../ground/log';
import type { UserRecord } from '../records';

/** Queues the verification mail; the mail worker issues the link (replacing older ones) and retries a failed send. */
export async function queueVerification(user: UserRecord, deps: Deps): Promise<void> {
  await deps.jobs.enqueue('mail.send', { kind: 'verify-email', shopId: user.shopId, userId: user._id }, { shopId: user.shopId });
}

/**
 * After a save that already happened, a failure to queue the mail must not turn the answer into an
 * error: the change stands, and "Send verification email" can queue it again. Answers whether it was queued.
 */
export async function queueVerificationAfterSave(user: UserRecord, deps: Deps, log: Log): Promise<boolean> {
  try {
    await queueVerification(user, deps);
    return true;
  } catch (error) {
    log.error('verification email not queued', { userId: user._id, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

export const NOT_SENT = (done: string) => `${done}, but the verification email could not be sent. Use Send verification email to try again.`;

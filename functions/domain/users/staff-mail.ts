import type { Deps } from '../../platform/deps';
import type { Log } from '../../platform/log';
import { verifyEmailMail } from '../emails';
import { issueLink } from '../links';
import type { UserRecord } from '../records';

/** Issues a one-time verification link and emails it; the previous links stay valid until used or expired. */
export async function sendVerification(user: UserRecord, shopName: string, deps: Deps): Promise<void> {
  const token = await issueLink(user, 'verify-email', deps);
  const url = `${deps.env.APP_URL}/email-verify?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(verifyEmailMail(user.email, user.first_name, shopName, url));
}

/**
 * After a save that already happened, a mail failure must not turn the answer into an error: the
 * change stands, and "Send verification email" can send the link again. Answers whether it went out.
 */
export async function sendVerificationAfterSave(user: UserRecord, shopName: string, deps: Deps, log: Log): Promise<boolean> {
  try {
    await sendVerification(user, shopName, deps);
    return true;
  } catch (error) {
    log.error('verification email not sent', { userId: user._id, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

export const NOT_SENT = (done: string) => `${done}, but the verification email could not be sent. Use Send verification email to try again.`;

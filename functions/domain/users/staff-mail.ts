import type { Deps } from '../../platform/deps';
import { verifyEmailMail } from '../emails';
import { issueLink } from '../links';
import type { UserRecord } from '../records';

/** Issues a one-time verification link and emails it; the previous links stay valid until used or expired. */
export async function sendVerification(user: UserRecord, shopName: string, deps: Deps): Promise<void> {
  const token = await issueLink(user, 'verify-email', deps);
  const url = `${deps.env.APP_URL}/email-verify?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(verifyEmailMail(user.email, user.first_name, shopName, url));
}

import type { MailMessage } from '@dakiya/shared';
import type { QueueWorker } from '../../platform/job-chain';
import type { Deps } from '../../platform/deps';
import type { Log } from '../../platform/log';
import { createPasswordMail, resetPasswordMail, verifyEmailMail } from '../../domain/emails';
import { issueLink } from '../../domain/links';
import type { OutgoingMail } from '../../domain/ports/mailer';

/**
 * The mail outbox's worker. Each message says what the mail is for; the worker checks it is still
 * wanted (the user may have verified, set a password or left meanwhile), issues a fresh one-time
 * link (replacing any older one) and sends. A send that fails throws, so the message is retried.
 */
export const sendMail: QueueWorker<'mail.send'> = async (message, ctx, deps) => {
  const mail = await compose(message, deps, ctx.log);
  if (!mail) return;
  await deps.mailer.send(mail);
  ctx.log.info('mail sent', { kind: message.kind });
};

async function compose(message: MailMessage, deps: Deps, log: Log): Promise<OutgoingMail | undefined> {
  const app = deps.env.APP_URL;
  switch (message.kind) {
    case 'reset-password': {
      // the API queued this for any address; only here do we learn whether it has an account
      const user = await deps.users.findByEmail(message.email);
      if (!user?.is_active || !user.is_verified_user) {
        log.info('password reset for an address without a usable account: nothing sent');
        return undefined;
      }
      const hash = await issueLink(user, 'reset-password', deps);
      return resetPasswordMail(user.email, `${app}/reset-password?hash=${encodeURIComponent(hash)}`);
    }
    case 'verify-email': {
      const user = await deps.users.get(message.shopId, message.userId);
      const shop = await deps.shops.get(message.shopId);
      if (!user || !shop || user.is_verified_user) {
        log.info('verification no longer needed: nothing sent');
        return undefined;
      }
      const token = await issueLink(user, 'verify-email', deps);
      return verifyEmailMail(user.email, user.first_name, shop.name, `${app}/email-verify?token=${encodeURIComponent(token)}`);
    }
    case 'create-password': {
      const user = await deps.users.get(message.shopId, message.userId);
      const shop = await deps.shops.get(message.shopId);
      if (!user || !shop || user.passwordHash) {
        log.info('create-password no longer needed: nothing sent');
        return undefined;
      }
      const hash = await issueLink(user, 'create-password', deps);
      return createPasswordMail(user.email, shop.name, `${app}/create-new-password?hash=${encodeURIComponent(hash)}&id=${user._id}`);
    }
  }
}

import { courierDefinition, type MailMessage } from '@dakiya/shared';
import type { QueueWorker } from '../../platform/job-chain';
import type { Deps } from '../../domain/ports/deps';
import type { BookingAttempt } from '../../domain/ports/bookings';
import type { Log } from '../../ground/log';
import { createPasswordMail, resetPasswordMail, signInCodeMail, trackingLinkMail, verifyEmailMail } from '../../domain/emails';
import { customerDataMail } from '../../domain/privacy/customer-data-mail';
import { trackingPageUrl } from '../../domain/tracking-link';
import { issueMemberLink, issuePersonLink } from '../../domain/links';
import { issueSignInCode } from '../../domain/sign-in-code';
import type { OutgoingMail } from '../../domain/ports/mailer';
import { isPaid } from '../../domain/billing/plan-check';
import { consigneeNoticeMail } from '../../domain/notices/notice-mail';

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
      const person = await deps.people.findByEmail(message.email);
      if (!person) {
        log.info('password reset for an address without an account: nothing sent');
        return undefined;
      }
      const hash = await issuePersonLink(person, 'reset-password', deps);
      return resetPasswordMail(person.email, `${app}/reset-password?hash=${encodeURIComponent(hash)}`);
    }
    case 'verify-email': {
      const user = await deps.members.get(message.shopId, message.userId);
      const shop = await deps.shops.get(message.shopId);
      if (!user || !shop || user.is_verified_user) {
        log.info('verification no longer needed: nothing sent');
        return undefined;
      }
      const token = await issueMemberLink(user, deps);
      return verifyEmailMail(user.email, user.first_name, shop.name, `${app}/email-verify?token=${encodeURIComponent(token)}`);
    }
    case 'create-password': {
      // the membership names the person and the shop the mail speaks of; the password is the person's
      const user = await deps.members.get(message.shopId, message.userId);
      const shop = await deps.shops.get(message.shopId);
      const person = user?.personId ? await deps.people.get(user.personId) : undefined;
      if (!person || !shop || person.passwordHash) {
        log.info('create-password no longer needed: nothing sent');
        return undefined;
      }
      const hash = await issuePersonLink(person, 'create-password', deps);
      return createPasswordMail(person.email, shop.name, `${app}/create-new-password?hash=${encodeURIComponent(hash)}&id=${person._id}`);
    }
    case 'sign-in-code': {
      // queued for wrong passwords too (the same work either way): only a right one gets a code
      const issued = await issueSignInCode(deps, message.codeId);
      if (!issued) {
        log.info('sign-in code for a wrong password or an ended sign-in: nothing sent');
        return undefined;
      }
      return signInCodeMail(issued.person.email, issued.code, `${app}/login?forgot=1`);
    }
    case 'customer-data': {
      const shop = await deps.shops.get(message.shopId);
      if (!shop) {
        log.info('customer data request of a shop that is gone: nothing sent');
        return undefined;
      }
      const bookings = await deps.bookings.getMany(message.shopId, message.trackingNumbers, { consistent: true });
      const attempts = (await Promise.all((message.attemptIds ?? []).map((id) => deps.attempts.get(message.shopId, id)))).filter((a) => a?.plan !== undefined);
      return customerDataMail(shop.email, shop.name, message.requestId, bookings, attempts as BookingAttempt[]);
    }
    case 'tracking-link': {
      // read as it is now: a booking deleted or a customer redacted since it was queued gets nothing
      const booking = await deps.bookings.get(message.shopId, message.trackingNumber);
      const shop = await deps.shops.get(message.shopId);
      const to = booking?.consignee.email?.trim();
      if (!booking || !shop || !to) {
        log.info('tracking link no longer has a booking or an address: nothing sent');
        return undefined;
      }
      const firstName = booking.consignee.name.trim().split(/\s+/)[0] ?? '';
      return trackingLinkMail(to, firstName, shop.name, courierDefinition(booking.company).name, booking.trackingNumber, trackingPageUrl(app, booking.trackingNumber));
    }
    case 'consignee-notice': {
      // read as it is now: notices turned off, the plan gone to FREE, the booking deleted or redacted since: nothing
      const booking = await deps.bookings.get(message.shopId, message.trackingNumber);
      const shop = await deps.shops.get(message.shopId);
      const to = booking?.consignee.email?.trim();
      if (!booking || !shop || !to || shop.status !== 'ACTIVE' || !isPaid(shop) || !(await deps.settings.get(shop._id)).consignee_notices) {
        log.info('consignee notice no longer wanted or without an address: nothing sent', { event: message.event });
        return undefined;
      }
      return consigneeNoticeMail(to, message.event, {
        firstName: booking.consignee.name.trim().split(/\s+/)[0] ?? '', shopName: shop.name, courier: courierDefinition(booking.company).name,
        trackingNumber: booking.trackingNumber, url: trackingPageUrl(app, booking.trackingNumber),
      });
    }
  }
}

import type { Operation } from '../platform/operation';
import { AppError } from '../ground/errors';
import { redeemMemberLink } from '../domain/links';
import { withPersonOf } from '../domain/people';

export const EMAIL_VERIFIED = 'Email verified';
export const EMAIL_VERIFIED_EXISTING = 'Email verified. Sign in with the password you already use for Dakiya.';

/**
 * Opening the link proves the address: only now does it become a person (or join the person who
 * already has it, whose password stays theirs), so an invitation never claims an address.
 */
export const verifyEmail: Operation<'auth.verifyEmail'> = async ({ body }, ctx, deps) => {
  const invitation = await redeemMemberLink(body.token, deps);
  if (!invitation || invitation.personId) throw new AppError('VALIDATION_FAILED', { msg: 'This verification link is not valid or has expired', param: 'token' });
  const stamp = ctx.now.toISOString();
  const join = await withPersonOf(invitation.email, stamp, deps, (j) => deps.members.attach(invitation, j, stamp), invitation.invitePasswordHash);
  if (join.isNew && !join.person.passwordHash) {
    // an invitation without a password: the new person sets one from the create-password mail
    await deps.jobs.enqueue('mail.send', { kind: 'create-password', shopId: invitation.shopId, userId: invitation._id }, { shopId: invitation.shopId });
  }
  return { msg: join.isNew ? EMAIL_VERIFIED : EMAIL_VERIFIED_EXISTING, existing_account: !join.isNew };
};

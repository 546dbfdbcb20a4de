import { planLimit } from '../domain/billing/plan-check';
import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { hashPassword } from '../ground/passwords';
import { newId } from '../ground/ids';
import { scopesFor } from '../domain/users/staff-rules';
import { NOT_SENT, queueVerificationAfterSave } from '../domain/users/staff-mail';
import { toUser } from '../domain/users/user-view';
import type { UserRecord } from '../domain/records';

/**
 * Spec 000: the free plan allows 10 user accounts; the counter and the user are one transaction. The
 * user is an invitation until the emailed link is opened: it claims no address, so it blocks nobody's
 * install, and the answer is the same whether the address is new to Dakiya or already someone's.
 */
export const createUser: Operation<'users.create'> = async ({ body }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const stamp = ctx.now.toISOString();
  const user: UserRecord = {
    _id: newId(ctx.now), shopId: shop._id,
    first_name: body.first_name, last_name: body.last_name, email: body.email, phone: body.phone ?? '',
    role: body.role, tag: body.tag, access_scopes: scopesFor(body.role, body.access_scopes),
    is_active: true, is_verified_user: false, two_factor_enabled: false, createdAt: stamp, updatedAt: stamp,
    invitePasswordHash: await hashPassword(body.password),
    province: body.province, address: body.address, city: body.city, country: body.country,
  };
  await deps.members.invite(user, planLimit(shop, 'users'));
  const sent = await queueVerificationAfterSave(user, deps, ctx.log);
  return { msg: sent ? 'User created' : NOT_SENT('User created'), user: toUser(user, shop) };
};

import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { AppError } from '../ground/errors';
import { guardOwner, isOwner, loadStaff, scopesFor } from '../domain/users/staff-rules';
import { toUser } from '../domain/users/user-view';

export const editUser: Operation<'users.edit'> = async ({ params, body }, ctx, deps) => {
  const { shop, user: actor } = requireAuth(ctx);
  const target = await loadStaff(shop._id, params.id, deps);
  // The owner's name and details are the owner's: another admin could otherwise rename the person Shopify installed for.
  guardOwner(shop, target, actor, 'edited');
  const role = body.role ?? target.role;
  if (isOwner(shop, target) && role !== 'ADMIN') throw new AppError('VALIDATION_FAILED', { msg: 'The store owner stays an ADMIN', param: 'role' });
  const scopes = scopesFor(role, body.access_scopes ?? target.access_scopes);
  if (role === 'USER' && scopes.length === 0) {
    throw new AppError('VALIDATION_FAILED', { msg: 'At lease one scope should be assigned to update user', param: 'access_scopes' });
  }
  const patch = {
    first_name: body.first_name, last_name: body.last_name, tag: body.tag, phone: body.phone ?? target.phone,
    province: body.province, address: body.address, city: body.city, country: body.country,
    role, access_scopes: scopes, updatedAt: ctx.now.toISOString(),
  };
  await deps.members.update(shop._id, target._id, patch);
  return { msg: 'User updated', user: toUser({ ...target, ...patch }, shop) };
};

import type { Operation } from '../platform/operation';
import { requireAuth } from '../platform/operation';
import { toUser } from '../domain/users/user-view';

export const listUsers: Operation<'users.list'> = async ({ query }, ctx, deps) => {
  const { shop } = requireAuth(ctx);
  const users = await deps.members.listOfShop(shop._id);
  if (query.page === 'orders') {
    return { users: users.map((u) => ({ _id: u._id, first_name: u.first_name, last_name: u.last_name, tag: u.tag })) };
  }
  const { page, limit } = query;
  const pages = Math.max(1, Math.ceil(users.length / limit));
  const slice = users.slice((page - 1) * limit, page * limit);
  return { childrenAccounts: slice.map((u) => toUser(u, shop)), pagination: { page, pages, total: users.length, limit } };
};

import { ALL_SCOPES, type Scope } from '@dakiya/shared';
import { AppError } from '../../ground/errors';
import type { Deps } from '../ports/deps';
import type { ShopRecord, UserRecord } from '../records';

/** A staff user of this shop, or 404: ids of another shop resolve to nothing. */
export async function loadStaff(shopId: string, userId: string, deps: Deps): Promise<UserRecord> {
  const user = await deps.members.get(shopId, userId);
  if (!user) throw new AppError('NOT_FOUND', { msg: 'User not found' });
  return user;
}

export function isOwner(shop: ShopRecord, user: UserRecord): boolean {
  return shop.ownerUserId === user._id;
}

/** The store owner stays an active ADMIN whatever happens; only the owner touches the owner's password. */
export function guardOwner(shop: ShopRecord, target: UserRecord, actor: UserRecord, action: string): void {
  if (isOwner(shop, target) && actor._id !== target._id) {
    throw new AppError('VALIDATION_FAILED', { msg: `The store owner's account cannot be ${action} by another user` });
  }
}

export function scopesFor(role: 'USER' | 'ADMIN', scopes: Scope[] | undefined): Scope[] {
  // an ADMIN holds every scope by its role; the list says so too, as the owner's does
  return role === 'ADMIN' ? [...ALL_SCOPES] : [...new Set(scopes ?? [])];
}

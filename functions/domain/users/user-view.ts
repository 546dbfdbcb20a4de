import type { SessionUser, User } from '@dakiya/shared';
import type { ShopRecord, UserRecord } from '../records';

/** The API view of a user of `shop`: the record minus every secret. */
export function toUser(record: UserRecord, shop: Pick<ShopRecord, 'ownerUserId'>): User {
  return {
    _id: record._id,
    first_name: record.first_name,
    last_name: record.last_name,
    email: record.email,
    phone: record.phone,
    role: record.role,
    tag: record.tag,
    access_scopes: record.access_scopes,
    is_active: record.is_active,
    is_verified_user: record.is_verified_user,
    two_factor_enabled: record.two_factor_enabled,
    is_owner: shop.ownerUserId === record._id,
    createdAt: record.createdAt,
    province: record.province,
    address: record.address,
    city: record.city,
    country: record.country,
  };
}

export function toSessionUser(record: UserRecord, shop: ShopRecord): SessionUser {
  return {
    ...toUser(record, shop),
    shop: { name: shop.name, domain: shop.domain, iana_time_zone: shop.iana_time_zone, currency: shop.currency },
  };
}

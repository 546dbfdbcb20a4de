/** `gid://shopify/Order/123` from either form. */
export function orderGid(id: string): string {
  return toGid('Order', id);
}

export function toGid(type: string, id: string): string {
  return /^\d+$/.test(id) ? `gid://shopify/${type}/${id}` : id;
}

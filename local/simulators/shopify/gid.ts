export function gid(type: string, id: string): string {
  return `gid://shopify/${type}/${id}`;
}

/** `{type, id}` of `gid://shopify/Type/123` (an optional `?…` suffix is ignored), else null. */
export function parseGid(value: string): { type: string; id: string } | null {
  const match = /^gid:\/\/shopify\/(\w+)\/(\d+)(\?.*)?$/.exec(value);
  return match ? { type: match[1] as string, id: match[2] as string } : null;
}

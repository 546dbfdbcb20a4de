/**
 * The origin of a shop's Shopify endpoints. Production uses `https://{shop}`; tests and local mode
 * use the simulator, e.g. `http://127.0.0.1:8081/_shops/{shop}`. Every Shopify URL the app builds
 * goes through here so that one setting points the whole app at the simulator.
 */
export function shopOrigin(template: string, shop: string): string {
  const origin = template.includes('{shop}') ? template.split('{shop}').join(shop) : template;
  return origin.replace(/\/+$/, '');
}

/** `https://{shop}/admin/...` built through the template. `path` starts with '/'. */
export function shopUrl(template: string, shop: string, path: string): string {
  return `${shopOrigin(template, shop)}${path}`;
}

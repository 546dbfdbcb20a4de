/**
 * What each function may do beyond the baseline every function gets (read/write items in the table,
 * encrypt/decrypt with the app key). Least privilege is decided here, per function name, in one
 * table: a group not listed gets the baseline only. Adding a group to GROUPS needs no change here
 * unless it sends mail, enqueues work or talks to Shopify.
 */
export type Capability =
  /** ses:SendEmail as the sender domain (verification, password reset, create-password links). */
  | 'mail'
  /** sqs:SendMessage on the status-sync queue. */
  | 'enqueue'
  /**
   * Read the Shopify client secret: OAuth callback and webhook HMACs, and refreshing expiring
   * offline tokens, which any function calling the Admin API may need.
   */
  | 'shopifySecret';

export const CAPABILITIES: Readonly<Record<string, readonly Capability[]>> = {
  auth: ['mail'],
  users: ['mail'],
  // the install emails the owner's create-password link
  shopify: ['shopifySecret', 'mail'],
  orders: ['shopifySecret'],
  booking: ['shopifySecret'],
  billing: ['shopifySecret'],
  tracking: ['enqueue'],
  sync: ['enqueue', 'shopifySecret'],
};

export function capabilitiesOf(name: string): readonly Capability[] {
  return Object.hasOwn(CAPABILITIES, name) ? (CAPABILITIES[name] ?? []) : [];
}

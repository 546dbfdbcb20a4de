import { z } from './zod';

export const Scope = z.enum([
  'READ_ORDERS',
  'BOOK_ORDERS',
  'WRITE_ORDERS',
  'UPDATE_ORDERS',
  'EXPORT_ORDERS',
  'READ_ACCOUNTS',
  'WRITE_ACCOUNTS',
  'READ_SETTINGS',
  'WRITE_SETTINGS',
  'READ_ANALYTICS',
]);
export type Scope = z.infer<typeof Scope>;
export const ALL_SCOPES: readonly Scope[] = Scope.options;

export const Role = z.enum(['USER', 'ADMIN']);
export type Role = z.infer<typeof Role>;

export const ScopeGroupName = z.enum(['ORDERS', 'ACCOUNTS', 'SETTINGS', 'ANALYTICS']);
export type ScopeGroupName = z.infer<typeof ScopeGroupName>;

export const ScopeCatalogueEntry = z.object({ scope: Scope, description: z.string() });
export const ScopeGroup = z.object({ type: ScopeGroupName, scopes: z.array(ScopeCatalogueEntry) });
export type ScopeGroup = z.infer<typeof ScopeGroup>;

/** The scope catalogue grouped by type, as the create/edit user screens show it. */
export const SCOPE_CATALOGUE: readonly ScopeGroup[] = [
  {
    type: 'ORDERS',
    scopes: [
      { scope: 'READ_ORDERS', description: 'See orders, their tracking and the order filters' },
      { scope: 'BOOK_ORDERS', description: 'Book orders with couriers, one at a time, in bulk or merged' },
      { scope: 'WRITE_ORDERS', description: 'Cancel bookings and delete orders' },
      { scope: 'UPDATE_ORDERS', description: 'Update payment status by CSV and fulfil in bulk' },
      { scope: 'EXPORT_ORDERS', description: 'Export orders to CSV' },
    ],
  },
  {
    type: 'ACCOUNTS',
    scopes: [
      { scope: 'READ_ACCOUNTS', description: 'See courier tracking accounts' },
      { scope: 'WRITE_ACCOUNTS', description: 'Create and edit courier tracking accounts' },
    ],
  },
  {
    type: 'SETTINGS',
    scopes: [
      { scope: 'READ_SETTINGS', description: 'See store settings' },
      { scope: 'WRITE_SETTINGS', description: 'Change store settings' },
    ],
  },
  {
    type: 'ANALYTICS',
    scopes: [{ scope: 'READ_ANALYTICS', description: 'See the dashboard analytics' }],
  },
];

/** An ADMIN holds every scope; a USER holds what was granted. */
export function effectiveScopes(user: { role: Role; access_scopes: readonly Scope[] }): readonly Scope[] {
  return user.role === 'ADMIN' ? ALL_SCOPES : user.access_scopes;
}

export function hasScope(user: { role: Role; access_scopes: readonly Scope[] }, scope: Scope): boolean {
  return effectiveScopes(user).includes(scope);
}

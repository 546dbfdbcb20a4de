import type { Scope, ScopeGroup, ScopeGroupName } from '@dakiya/shared';

/** How scopes read on screen (the catalogue itself is `SCOPE_CATALOGUE` of the shared package). */
const GROUP_LABELS: Record<ScopeGroupName, string> = {
  ORDERS: 'Orders',
  ACCOUNTS: 'Tracking accounts',
  SETTINGS: 'Settings',
  ANALYTICS: 'Analytics',
};

export function groupLabel(name: ScopeGroupName): string {
  return GROUP_LABELS[name];
}

/** 'WRITE_ACCOUNTS' -> 'Write accounts'. */
export function scopeLabel(scope: Scope): string {
  const text = scope.toLowerCase().replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Keeps scopes in catalogue order without duplicates, so payloads and comparisons are stable. */
export function inCatalogueOrder(catalogue: readonly ScopeGroup[], scopes: Iterable<Scope>): Scope[] {
  const wanted = new Set(scopes);
  return catalogue.flatMap((group) => group.scopes.map((entry) => entry.scope)).filter((scope) => wanted.has(scope));
}

/** The groups with only the scopes held, empty groups dropped (the profile's Scopes section). */
export function heldGroups(catalogue: readonly ScopeGroup[], selected: readonly Scope[]): ScopeGroup[] {
  return catalogue
    .map((group) => ({ ...group, scopes: group.scopes.filter((entry) => selected.includes(entry.scope)) }))
    .filter((group) => group.scopes.length > 0);
}

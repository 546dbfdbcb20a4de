import type { Scope, ScopeGroup, ScopeGroupName } from '@dakiya/shared';
import { inCatalogueOrder } from '../../lib/scopes';

/** What a group checkbox shows: every scope of the group held, some, or none. */
export type GroupCheck = true | false | 'indeterminate';

export function groupCheck(group: ScopeGroup, selected: readonly Scope[]): GroupCheck {
  const held = group.scopes.filter((entry) => selected.includes(entry.scope)).length;
  if (held === 0) return false;
  return held === group.scopes.length ? true : 'indeterminate';
}

/** Spec 000 §6: a group checkbox toggles all its scopes. A full group clears; a partial or empty one fills. */
export function toggleGroup(catalogue: readonly ScopeGroup[], name: ScopeGroupName, selected: readonly Scope[]): Scope[] {
  const group = catalogue.find((g) => g.type === name);
  if (!group) return inCatalogueOrder(catalogue, selected);
  const members = group.scopes.map((entry) => entry.scope);
  if (groupCheck(group, selected) === true) return inCatalogueOrder(catalogue, selected.filter((s) => !members.includes(s)));
  return inCatalogueOrder(catalogue, [...selected, ...members]);
}

export function toggleScope(catalogue: readonly ScopeGroup[], scope: Scope, selected: readonly Scope[]): Scope[] {
  return inCatalogueOrder(catalogue, selected.includes(scope) ? selected.filter((s) => s !== scope) : [...selected, scope]);
}

import {
  Kind,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  isObjectType,
  isInterfaceType,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { ShopRecord } from './state';

/*
 * Shopify's calculated query cost (§4.1), computed statically before execution:
 * scalar/enum 0, object 1, connection 2 + first × (cost of one node), mutation +10.
 */

type Vars = Record<string, unknown>;

function argNumber(node: ValueNode | undefined, vars: Vars): number | undefined {
  if (!node) return undefined;
  if (node.kind === Kind.INT) return Number(node.value);
  if (node.kind === Kind.VARIABLE) {
    const value = vars[node.name.value];
    return typeof value === 'number' ? value : undefined;
  }
  return undefined;
}

function argLength(node: ValueNode | undefined, vars: Vars): number | undefined {
  if (!node) return undefined;
  if (node.kind === Kind.LIST) return node.values.length;
  if (node.kind === Kind.VARIABLE) {
    const value = vars[node.name.value];
    return Array.isArray(value) ? value.length : undefined;
  }
  return undefined;
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  vars: Vars;
}

function selectionCost(walk: Walk, set: SelectionSetNode | undefined, parent: GraphQLCompositeType): number {
  if (!set) return 0;
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : parent;
      if (type && isCompositeType(type)) cost += selectionCost(walk, selection.selectionSet, type);
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = walk.fragments.get(selection.name.value);
      const type = fragment ? walk.schema.getType(fragment.typeCondition.name.value) : undefined;
      if (fragment && type && isCompositeType(type)) cost += selectionCost(walk, fragment.selectionSet, type);
      continue;
    }
    if (!isObjectType(parent) && !isInterfaceType(parent)) continue;
    const field = parent.getFields()[selection.name.value];
    if (!field) continue;
    const named = getNamedType(field.type);
    if (!isCompositeType(named)) continue;
    const args = new Map(selection.arguments?.map((a) => [a.name.value, a.value]) ?? []);
    if (named.name.endsWith('Connection') && isObjectType(named)) {
      const count = argNumber(args.get('first'), walk.vars) ?? argNumber(args.get('last'), walk.vars) ?? 0;
      cost += 2 + count * connectionNodeCost(walk, selection.selectionSet, named);
    } else if (isListType(getNullableType(field.type))) {
      const count = argNumber(args.get('first'), walk.vars) ?? argLength(args.get('ids'), walk.vars) ?? 1;
      cost += count * (1 + selectionCost(walk, selection.selectionSet, named));
    } else {
      cost += 1 + selectionCost(walk, selection.selectionSet, named);
    }
  }
  return cost;
}

/** Cost of one node of a connection: the larger of `nodes { … }` and `edges { node { … } }`. */
function connectionNodeCost(walk: Walk, set: SelectionSetNode | undefined, connection: GraphQLCompositeType): number {
  if (!set || !isObjectType(connection)) return 0;
  let best = 0;
  for (const selection of set.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const name = selection.name.value;
    if (name === 'nodes') {
      const type = getNamedType(connection.getFields().nodes?.type);
      if (type && isCompositeType(type)) best = Math.max(best, 1 + selectionCost(walk, selection.selectionSet, type));
    } else if (name === 'edges') {
      const edge = getNamedType(connection.getFields().edges?.type);
      if (!edge || !isObjectType(edge)) continue;
      for (const inner of selection.selectionSet?.selections ?? []) {
        if (inner.kind !== Kind.FIELD || inner.name.value !== 'node') continue;
        const type = getNamedType(edge.getFields().node?.type);
        if (type && isCompositeType(type)) best = Math.max(best, 1 + selectionCost(walk, inner.selectionSet, type));
      }
    }
  }
  return best;
}

export function requestedQueryCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: FragmentDefinitionNode[],
  vars: Vars,
): number {
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;
  const walk: Walk = { schema, fragments: new Map(fragments.map((f) => [f.name.value, f])), vars };
  const fields = operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && s.name.value !== '__typename').length;
  const base = operation.operation === 'mutation' ? 10 * fields : 0;
  return Math.max(1, base + selectionCost(walk, operation.selectionSet, root));
}

/** Cost of what was actually returned: one point per object in the data, +10 per mutation. */
export function actualQueryCost(data: unknown, mutationFields: number): number {
  let objects = 0;
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      objects += 1;
      Object.values(value).forEach(visit);
    }
  };
  if (data && typeof data === 'object') Object.values(data).forEach(visit);
  return Math.max(1, objects + 10 * mutationFields);
}

/** The leaky bucket, refilled continuously from the simulator clock (§9.4). */
export function refill(shop: ShopRecord, now: number): void {
  const b = shop.bucket;
  const elapsed = Math.max(0, now - b.updatedAt) / 1000;
  b.level = Math.min(b.maximumAvailable, b.level + elapsed * b.restoreRate);
  b.updatedAt = now;
}

export function throttleStatus(shop: ShopRecord) {
  return {
    maximumAvailable: shop.bucket.maximumAvailable,
    currentlyAvailable: Math.floor(shop.bucket.level),
    restoreRate: shop.bucket.restoreRate,
  };
}

export const MAX_QUERY_COST = 1000;

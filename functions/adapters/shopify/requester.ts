/** `extensions.cost` of an Admin API response (reference/shopify.md §4.1). */
export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus?: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

export type Variables = Record<string, unknown>;

/** One GraphQL document sent to the Admin API: what the named operations (admin/) are written over. */
export interface GraphqlRequester {
  request<T>(query: string, variables?: Variables): Promise<T>;
}

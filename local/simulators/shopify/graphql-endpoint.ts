import { readFileSync } from 'node:fs';
import {
  GraphQLError,
  Kind,
  buildSchema,
  execute,
  getOperationAST,
  parse,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
} from 'graphql';
import type { GqlContext } from './context';
import { MAX_QUERY_COST, actualQueryCost, refill, requestedQueryCost, throttleStatus } from './cost';
import { rootValue } from './resolvers';

export const schema = buildSchema(readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'));

export interface GraphqlResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  operationName?: string;
}

export interface GraphqlOptions {
  /** A test forced THROTTLED for this call. */
  forceThrottled?: boolean;
}

const RATE_LIMIT_DOCS = 'https://shopify.dev/api/usage/rate-limits';

/** Executes one Admin API request for an authenticated shop (§3.1, §9.3, §9.4). */
export async function runGraphql(ctx: GqlContext, rawBody: string, options: GraphqlOptions = {}): Promise<GraphqlResult> {
  let request: { query?: unknown; variables?: unknown; operationName?: unknown };
  try {
    request = JSON.parse(rawBody) as typeof request;
  } catch {
    return { status: 400, body: { errors: 'Invalid JSON in request body' } };
  }
  if (typeof request.query !== 'string' || request.query.trim() === '') {
    return { status: 200, body: { errors: [{ message: 'No query string was present', extensions: { code: 'BAD_REQUEST' } }] } };
  }
  const variables = (request.variables && typeof request.variables === 'object' ? request.variables : {}) as Record<string, unknown>;
  const operationName = typeof request.operationName === 'string' ? request.operationName : undefined;

  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    return { status: 200, body: { errors: [formatError(error as GraphQLError)] } };
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) return { status: 200, body: { errors: invalid.map(shopifyValidationError) } };

  const operation = getOperationAST(document, operationName);
  if (!operation) {
    return { status: 200, body: { errors: [{ message: 'An operation name is required when the document has several operations', extensions: { code: 'BAD_REQUEST' } }] } };
  }
  const name = operation.name?.value;
  const fragments = document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
  const requested = requestedQueryCost(schema, operation, fragments, variables);

  if (requested > MAX_QUERY_COST) {
    return {
      status: 200,
      operationName: name,
      body: {
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).\n\nSee ${RATE_LIMIT_DOCS} for more information on how the cost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST, documentation: RATE_LIMIT_DOCS },
          },
        ],
      },
    };
  }

  const shop = ctx.shop;
  refill(shop, ctx.state.clock.now());
  const overBudget = shop.bucket.mode !== 'off' && requested > shop.bucket.level;
  if (options.forceThrottled || (overBudget && shop.bucket.mode === 'graphql')) {
    const status = throttleStatus(shop);
    if (options.forceThrottled) status.currentlyAvailable = Math.min(status.currentlyAvailable, Math.max(0, requested - 1));
    return {
      status: 200,
      operationName: name,
      body: {
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMIT_DOCS } }],
        extensions: { cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: status } },
      },
    };
  }
  if (overBudget && shop.bucket.mode === '429') {
    return {
      status: 429,
      operationName: name,
      headers: { 'Retry-After': '2.0' },
      body: { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' },
    };
  }

  const result = await execute({ schema, document, rootValue, contextValue: ctx, variableValues: variables, operationName });
  const mutationFields = operation.operation === 'mutation' ? operation.selectionSet.selections.length : 0;
  const actual = Math.min(requested, actualQueryCost(result.data, mutationFields));
  if (shop.bucket.mode !== 'off') shop.bucket.level = Math.max(0, shop.bucket.level - actual);
  const body: Record<string, unknown> = {};
  if (result.errors) body.errors = result.errors.map(formatError);
  if (result.data !== undefined) body.data = result.data;
  body.extensions = { cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus(shop) } };
  return { status: 200, body, operationName: name };
}

function formatError(error: GraphQLError): Record<string, unknown> {
  const out: Record<string, unknown> = { message: error.message };
  if (error.locations) out.locations = error.locations;
  if (error.path) out.path = error.path;
  if (error.extensions && Object.keys(error.extensions).length > 0) out.extensions = error.extensions;
  return out;
}

/** graphql-js wording → Shopify's (§5), for the messages apps most often meet. */
function shopifyValidationError(error: GraphQLError): Record<string, unknown> {
  const unknownField = /^Cannot query field "(\w+)" on type "(\w+)"/.exec(error.message);
  if (unknownField) {
    const [, fieldName, typeName] = unknownField;
    return {
      message: `Field '${fieldName}' doesn't exist on type '${typeName}'`,
      locations: error.locations,
      extensions: { code: 'undefinedField', typeName, fieldName },
    };
  }
  const missingArg = /^Field "(\w+)" argument "(\w+)" of type "(.+)" is required/.exec(error.message);
  if (missingArg) {
    const [, fieldName, argumentName] = missingArg;
    return {
      message: `Field '${fieldName}' is missing required arguments: ${argumentName}`,
      locations: error.locations,
      extensions: { code: 'missingRequiredArguments', className: 'Field', name: fieldName, arguments: argumentName },
    };
  }
  return { message: error.message, locations: error.locations, extensions: { code: 'validationError' } };
}

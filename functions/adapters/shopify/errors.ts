/**
 * Errors thrown by the Shopify adapter. They carry what Shopify said (status, code, message) and
 * never the client secret or an access token, so they are safe to log.
 */
export type ShopifyErrorCode =
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'PAYMENT_REQUIRED'
  | 'LOCKED'
  | 'THROTTLED'
  | 'MAX_COST_EXCEEDED'
  | 'ACCESS_DENIED'
  | 'GRAPHQL'
  | 'USER_ERRORS'
  | 'OAUTH'
  | 'SERVER'
  | 'NETWORK'
  | 'BAD_RESPONSE';

export interface GraphqlErrorEntry {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

export interface UserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

export class ShopifyError extends Error {
  readonly status: number | undefined;
  readonly code: ShopifyErrorCode;
  /** True when trying again later may succeed (throttling, 5xx, network). */
  readonly retryable: boolean;
  readonly graphqlErrors: GraphqlErrorEntry[];
  readonly userErrors: UserError[];

  constructor(
    code: ShopifyErrorCode,
    message: string,
    options: {
      status?: number;
      retryable?: boolean;
      graphqlErrors?: GraphqlErrorEntry[];
      userErrors?: UserError[];
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ShopifyError';
    this.code = code;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.graphqlErrors = options.graphqlErrors ?? [];
    this.userErrors = options.userErrors ?? [];
  }
}

/** 401 from the Admin API: token revoked (uninstall), expired or unknown. Refresh or re-install. */
export class ShopifyUnauthorizedError extends ShopifyError {
  constructor(message: string) {
    super('UNAUTHORIZED', message, { status: 401 });
    this.name = 'ShopifyUnauthorizedError';
  }
}

/** A mutation answered with userErrors (business rule refusal); nothing was changed. */
export class ShopifyUserErrors extends ShopifyError {
  constructor(operation: string, userErrors: UserError[]) {
    super('USER_ERRORS', `${operation}: ${userErrors.map((e) => e.message).join('; ')}`, { userErrors });
    this.name = 'ShopifyUserErrors';
  }
}

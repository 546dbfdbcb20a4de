import { SECRET_CREDENTIALS } from '@dakiya/shared';
import { CourierUnavailableError, type CourierId } from '../../domain/ports/courier';

/**
 * The only HTTP code the courier clients share. It never retries: retrying is a decision each client
 * makes per call (TCS token refresh), and bookings are never retried (see `ambiguousOnLoss`).
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpContext {
  courier: CourierId;
  fetch: FetchLike;
  timeoutMs: number;
  /** Values that must never appear in an error message (credentials). */
  secrets: string[];
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  json?: unknown;
  /** Set for calls that change state at the courier: a lost answer then means "may have happened". */
  ambiguousOnLoss?: boolean;
}

export interface HttpResponse {
  status: number;
  contentType: string;
  bytes: Uint8Array;
  text: string;
  /** "POST /api/bookPacket/format/json/": no host, no query string, so no credentials. */
  describe: string;
}

export async function send(ctx: HttpContext, req: HttpRequest): Promise<HttpResponse> {
  const url = new URL(req.url);
  for (const [key, value] of Object.entries(req.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const describe = `${req.method} ${url.pathname}`;
  const headers: Record<string, string> = { accept: 'application/json, application/pdf', ...req.headers };
  let body: string | undefined;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  }
  const ambiguous = req.ambiguousOnLoss === true;
  let status: number;
  let contentType: string;
  let bytes: Uint8Array;
  try {
    // One signal covers connecting, waiting for headers and reading the body.
    const response = await ctx.fetch(url.toString(), {
      method: req.method,
      headers,
      body,
      signal: AbortSignal.timeout(ctx.timeoutMs),
    });
    status = response.status;
    contentType = response.headers.get('content-type') ?? '';
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new CourierUnavailableError(
      ctx.courier,
      timedOut ? 'timeout' : 'network',
      redact(`${ctx.courier} ${timedOut ? `did not answer within ${ctx.timeoutMs} ms` : 'could not be reached'} (${describe})`, ctx.secrets),
      { ambiguous },
    );
  }
  if (status >= 500) {
    throw new CourierUnavailableError(ctx.courier, 'http', redact(`${ctx.courier} answered HTTP ${status} (${describe})`, ctx.secrets), {
      httpStatus: status,
      ambiguous,
    });
  }
  return { status, contentType, bytes, text: new TextDecoder().decode(bytes), describe };
}

/** Parses a JSON body or throws: a body we cannot read is an outage, not a courier answer. */
export function jsonBody(ctx: HttpContext, res: HttpResponse, ambiguous = false): unknown {
  try {
    return JSON.parse(res.text) as unknown;
  } catch {
    throw new CourierUnavailableError(
      ctx.courier,
      'unparseable',
      redact(`${ctx.courier} sent a body that is not JSON (${res.describe}, HTTP ${res.status})`, ctx.secrets),
      { httpStatus: res.status, ambiguous },
    );
  }
}

export function isPdf(res: HttpResponse): boolean {
  return res.bytes.length >= 4 && new TextDecoder().decode(res.bytes.subarray(0, 4)) === '%PDF';
}

/** Removes every secret from a text meant for logs or people (couriers sometimes echo what they got). */
export function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 3) out = out.split(secret).join('***');
  }
  return out;
}

export function secretsOf(credentials: object): string[] {
  return Object.entries(credentials)
    .filter(([key, value]) => (SECRET_CREDENTIALS as readonly string[]).includes(key) && typeof value === 'string')
    .map(([, value]) => value as string);
}

import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ERRORS, GROUP_NEEDS, PublicTrackingParams } from '@dakiya/shared';
import type { Deps } from '../domain/ports/deps';
import { publicTracking } from '../domain/tracking/public';
import { defaultDeps } from '../platform/deps';
import { addressKey, requireOrigin, viewerAddress } from '../platform/origin';
import { AppError } from '../ground/errors';
import { deadlineOf, runInvocation } from '../ground/invocation';
import { limitTracking } from './limit';
import { PAGE_CSP } from './page/styles';
import { MessagePage, ParcelPage, type PageLinks } from './page/view';
import { langOf, WORDS, type Lang } from './page/words';

type Result = APIGatewayProxyStructuredResultV2;

/**
 * How long CloudFront (and the browser) keep a parcel's page: a minute. Status changes come from
 * couriers every few hours, and the page asks the courier at most once in ten minutes anyway, so a
 * minute at the edge costs a consignee nothing and turns a crowd reloading one number into one call.
 */
export const PAGE_MAX_AGE_SECONDS = 60;
const CACHED = `public, max-age=${PAGE_MAX_AGE_SECONDS}`;
/** Failures and the rate limit are never kept: Try again must reach the function. */
const NOT_CACHED = 'no-store';

function page(status: number, element: ReactElement, cacheControl: string, extra: Record<string, string> = {}): Result {
  return {
    statusCode: status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': cacheControl,
      'content-security-policy': PAGE_CSP,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      ...extra,
    },
    body: `<!DOCTYPE html>${renderToStaticMarkup(element)}`,
  };
}

function linksOf(number: string, lang: Lang): PageLinks {
  const path = `/track/${encodeURIComponent(number)}`;
  return { self: lang === 'ur' ? `${path}?lang=ur` : path, switchLang: lang === 'ur' ? path : `${path}?lang=ur` };
}

function lowerHeaders(headers: APIGatewayProxyEventV2['headers'] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

async function answer(event: APIGatewayProxyEventV2, deps: Deps): Promise<Result> {
  const lang = langOf(event.queryStringParameters?.lang);
  const w = WORDS[lang];
  const number = event.pathParameters?.track_number ?? '';
  const links = linksOf(number, lang);
  const message = (status: number, title: string, text: string, opts: { tryAgain: boolean; testId: string; cache: string; headers?: Record<string, string>; quiet?: boolean }) =>
    page(status, <MessagePage lang={lang} links={links} title={title} text={text} number={opts.quiet ? undefined : number || undefined} tryAgain={opts.tryAgain} testId={opts.testId} />, opts.cache, opts.headers);
  const requestId = event.requestContext?.requestId ?? 'unknown';
  try {
    const headers = lowerHeaders(event.headers);
    await requireOrigin(headers, deps.originSecrets);
    await limitTracking(addressKey(viewerAddress(headers, event.requestContext?.http?.sourceIp ?? '')), deps);
    const params = PublicTrackingParams.safeParse({ id: number });
    if (!params.success) throw new AppError('PARCEL_NOT_FOUND');
    const { tracking, timeZone, courierDown } = await publicTracking(params.data.id, deps);
    return page(200, <ParcelPage tracking={tracking} lang={lang} timeZone={timeZone} links={links} courierDown={courierDown} />, CACHED);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PARCEL_NOT_FOUND') {
      return message(404, w.notFound, w.notFoundHelp, { tryAgain: false, testId: 'track-not-found', cache: CACHED });
    }
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      const seconds = Number(error.headers['retry-after'] ?? 60);
      return message(429, w.tooMany, w.tooManyHelp(seconds), { tryAgain: true, testId: 'track-rate-limited', cache: NOT_CACHED, headers: error.headers });
    }
    if (error instanceof AppError && error.status < 500) {
      // refused before the parcel was looked at (no CloudFront origin header, a malformed viewer address)
      return message(error.status, w.errorTitle, ERRORS[error.code].msg, { tryAgain: false, testId: 'track-refused', cache: NOT_CACHED, quiet: true });
    }
    deps.log.error('tracking page failed', {
      requestId, error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
    });
    deps.metrics.count('ServerErrors');
    return message(500, w.errorTitle, w.errorText, { tryAgain: true, testId: 'track-error', cache: NOT_CACHED });
  }
}

/**
 * GET /track/{track_number}: the public tracking page, rendered here with React and sent as HTML
 * with its style inline and no script, so the status is in the first answer on a slow phone.
 */
export function trackPageHandler(getDeps: () => Deps = defaultDeps) {
  const needs = GROUP_NEEDS.tracking;
  return (event: APIGatewayProxyEventV2, context: Context): Promise<Result> =>
    runInvocation({ name: 'tracking', needs, deadline: deadlineOf(needs, context), interactive: true }, async () => {
      try {
        return await answer(event, getDeps());
      } finally {
        getDeps().metrics.flush();
      }
    });
}

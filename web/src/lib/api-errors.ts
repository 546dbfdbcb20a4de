import { createContext, useCallback, useContext } from 'react';
import { GENERIC_ERROR, isApiError } from './api';
import { paths, withQuery } from './paths';

/** What the app does with a failed call (spec 000 §8). Pure, so it is tested without a browser. */
export type ApiErrorReaction =
  | { kind: 'unauthorized'; message: 'Unauthorized' }
  | { kind: 'toast'; message: string; detail?: string; key?: string; link?: ApiErrorLink }
  | { kind: 'none' };

/** Where a refusal leads: a page that shows what it is about. */
export interface ApiErrorLink {
  to: string;
  label: string;
}

/** Refusals that name a booking by its tracking number, and what the link to its page says. */
const NAMES_A_BOOKING: Record<string, string> = {
  ORDER_ALREADY_BOOKED: 'Open the booking',
  // a check answered with a number that is another booking's
  TRACKING_NUMBER_TAKEN: 'Open that booking',
};

/** An order already booked, or a tracking number that is another booking's (the answer names it): that booking's page. */
export function refusalLink(error: unknown): ApiErrorLink | undefined {
  const label = isApiError(error) && error.code ? NAMES_A_BOOKING[error.code] : undefined;
  if (!label || !isApiError(error) || !error.body?.tracking_number) return undefined;
  return { to: withQuery(paths.dashboard.postBooking(), { tracking: error.body.tracking_number }), label };
}

/**
 * A request id is for support, and only a failure nobody expected (INTERNAL) needs one: a catalogue answer
 * such as 'The courier did not answer' says all there is, and an id under it only puzzles the person.
 */
const wantsReference = (error: { code?: string; requestId?: string }) => error.code === 'INTERNAL' && !!error.requestId;

/**
 * `read`: a page's load (it shows a missing resource itself). `write`: a save or an action, whose
 * every failure must be said, a 404 included (someone else deleted the user a moment ago).
 */
export function reactToApiError(error: unknown, purpose: 'read' | 'write' = 'read'): ApiErrorReaction {
  if (!isApiError(error)) {
    if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'none' };
    return { kind: 'toast', message: GENERIC_ERROR };
  }
  if (error.status === 401) return { kind: 'unauthorized', message: 'Unauthorized' };
  // A missing resource is shown by the page itself; a toast would repeat it.
  if (error.status === 404 && purpose === 'read') return { kind: 'none' };
  const message = error.message || GENERIC_ERROR;
  // One toast per call: a newer failure of the same save replaces the older one, so two toasts never
  // give contradicting reasons (offline, then refused) for one action.
  const key = error.route ? `failed:${error.route}` : undefined;
  // An unexpected server failure's request id lets support find what happened.
  const link = refusalLink(error);
  return { kind: 'toast', message, ...(wantsReference(error) ? { detail: `Reference: ${error.requestId}` } : {}), ...(key ? { key } : {}), ...(link ? { link } : {}) };
}

export type ApiErrorHandler = (error: unknown) => void;

/** Provided once by app/ (toast + 401 redirect); features call it for mutations. */
export const ApiErrorHandlerContext = createContext<ApiErrorHandler>(() => {});

export function useHandleApiError(): ApiErrorHandler {
  return useContext(ApiErrorHandlerContext);
}

/**
 * For reads whose page shows the error itself (a banner, an upgrade note): only a 401 still goes to
 * the app's handler (toast, sign-out, /login). Pass as the read's `onError`.
 */
export function useUnauthorizedOnly(): ApiErrorHandler {
  const handle = useHandleApiError();
  return useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.status === 401) handle(error);
    },
    [handle],
  );
}

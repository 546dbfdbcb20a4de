import { useCallback, useEffect, useState, type RefObject } from 'react';
import { GENERIC_ERROR, isApiError } from './api';
import { refusalLink, type ApiErrorLink } from './api-errors';

/**
 * What a form says by the button that was pressed when its request is refused (or fails): the person is
 * at that button, so a message only at the top of the form, or only in a toast that is gone after a few
 * seconds, is one they do not see. It stays until they close it, leave the page, or the form's next
 * request succeeds.
 */
export interface Refusal {
  /** The refusal's first message: the one the summary says. */
  message: string;
  /** The form's fields the refusal names, in its order (the first is brought into view and focused). */
  fields: string[];
  /** Each named field's first message, for the form to show under the field. */
  fieldErrors: Record<string, string>;
  /** `warning`: nothing was wrong with what was sent (no answer, a server or courier outage); try again. */
  tone: 'error' | 'warning';
  /** The catalogue's code of the first error, when the server answered one. */
  code?: string;
  /** Where the refusal leads, when it names something to open (the booking an order already has). */
  link?: ApiErrorLink;
}

/** Maps a server `param` to the form's own field name; `undefined` for a param that is not one of the form's. */
export type FieldOf = (param: string) => string | undefined;

const same: FieldOf = (param) => param;

/**
 * The refusal a failed request shows, or null when the app handles it alone (a 401 signs out, an
 * aborted request is no failure).
 */
export function refusalOf(error: unknown, fieldOf: FieldOf = same): Refusal | null {
  if (!isApiError(error)) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    return { message: GENERIC_ERROR, fields: [], fieldErrors: {}, tone: 'error' };
  }
  if (error.status === 401) return null;
  const fieldErrors: Record<string, string> = {};
  for (const item of error.body?.errors ?? []) {
    const field = item.param ? fieldOf(item.param) : undefined;
    if (field && !(field in fieldErrors)) fieldErrors[field] = item.msg;
  }
  const fields = Object.keys(fieldErrors);
  const link = refusalLink(error);
  return {
    // a plan limit's own sentence says what the limit is
    message: (error.planLimitError && error.body?.message?.trim()) || error.message || GENERIC_ERROR,
    fields,
    fieldErrors,
    tone: error.status === 0 || error.status >= 500 ? 'warning' : 'error',
    ...(error.code ? { code: error.code } : {}),
    ...(link ? { link } : {}),
  };
}

/** The form's own check found these fields wrong (the same messages the server would answer): shown the same way. */
export function fieldsRefusal(fieldErrors: Record<string, string | undefined>, order?: readonly string[]): Refusal | null {
  const named = Object.entries(fieldErrors).filter((entry): entry is [string, string] => !!entry[1]);
  if (named.length === 0) return null;
  const rank = (key: string) => (order?.includes(key) ? order.indexOf(key) : Number.MAX_SAFE_INTEGER);
  const fields = named.map(([key]) => key).sort((a, b) => rank(a) - rank(b));
  return { message: Object.fromEntries(named)[fields[0]!]!, fields, fieldErrors: Object.fromEntries(named), tone: 'error' };
}

/** The short summary by the button: the first message, and how many other fields need a change. */
export function refusalSummary(refusal: Pick<Refusal, 'message' | 'fields'>): string {
  const others = refusal.fields.length - 1;
  return others > 0 ? `${refusal.message} (and ${others} more ${others === 1 ? 'field' : 'fields'} to correct)` : refusal.message;
}

/**
 * The field named `names[0]` (else the next one the form has) in `root`, found by its `name` or by the
 * `data-field` of the field around it (TextField sets it, for inputs a form draws itself): scrolled to the
 * middle of the screen and focused.
 */
export function focusNamedField(root: HTMLElement | null, names: readonly string[]): void {
  if (!root) return;
  const escape = (name: string) => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(name) : name);
  const find = (name: string): HTMLElement | null => {
    const n = escape(name);
    const named = root.querySelector<HTMLElement>(`[name="${n}"]:not([type="hidden"])`);
    if (named) return named;
    const around = root.querySelector<HTMLElement>(`[data-field="${n}"]`);
    return around?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button, [tabindex]') ?? null;
  };
  const target = names.map(find).find((el): el is HTMLElement => el !== null);
  if (!target) return;
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}

/**
 * A form's refusal: `refuse(error)` after a failed request (answers the refusal, null when the app handles
 * it alone), `refuseFields(errors)` after the form's own check, `clear()` when a request succeeded or the
 * person closed the summary. The first field named is brought into view and focused once it has rendered.
 */
export function useFormRefusal(form: RefObject<HTMLElement | null>) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  useEffect(() => {
    if (refusal && refusal.fields.length > 0) focusNamedField(form.current, refusal.fields);
  }, [refusal, form]);
  const refuse = useCallback((error: unknown, fieldOf?: FieldOf) => {
    const next = refusalOf(error, fieldOf);
    setRefusal(next);
    return next;
  }, []);
  const refuseFields = useCallback((errors: Record<string, string | undefined>, order?: readonly string[]) => {
    const next = fieldsRefusal(errors, order);
    setRefusal(next);
    return next;
  }, []);
  const clear = useCallback(() => setRefusal(null), []);
  return { refusal, refuse, refuseFields, clear };
}

export type FormRefusal = ReturnType<typeof useFormRefusal>;

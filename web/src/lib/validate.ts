import { isApiError } from './api';

/**
 * What a form needs from a zod schema. Typed structurally so this module does not import zod: the
 * schemas come from `@dakiya/shared`, which the lazily loaded screens import themselves.
 */
export interface ParseableSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export type Validation<T, K extends string = string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

/**
 * Parse `values` with a shared schema: the first message per top-level field, exactly as the server
 * would answer it (the server parses with the same schema).
 */
export function validate<T, K extends string = string>(schema: ParseableSchema<T>, values: unknown): Validation<T, K> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors: errors as FieldErrors<K> };
}

/** `{ field: message }` from a 400 answer whose errors name their `param`, for inline display next to the toast. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error) || !error.body?.errors) return {};
  const out: FieldErrors = {};
  for (const item of error.body.errors) {
    if (item.param && !out[item.param]) out[item.param] = item.msg;
  }
  return out;
}

/** After a failed submit: bring the first field with an error into view and focus it. */
export function focusFirstInvalid(root: HTMLElement | null): void {
  if (!root || typeof window === 'undefined') return;
  window.requestAnimationFrame(() => {
    const target = root.querySelector<HTMLElement>('input[aria-invalid="true"], [data-invalid] input, [role="alert"]');
    if (!target) return;
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (target instanceof HTMLInputElement) target.focus({ preventScroll: true });
  });
}

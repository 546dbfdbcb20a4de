import { COURIER_IDS, STUCK_RULES, type CourierId, type LabelPaper, type SaveSettingsInput, type SettingsOutput, type StoreSettings, type StuckRule, type TagKey } from '@dakiya/shared';
import type { ParseableSchema } from '../../lib/validate';

// Stuck parcels (issue 22): one field per courier and rule, named by the server's path, so a refusal lands on its input.
export type StuckField = `stuck_days.${CourierId}.${StuckRule}`;
export const stuckField = (courier: CourierId, rule: StuckRule): StuckField => `stuck_days.${courier}.${rule}`;
export const STUCK_FIELDS: readonly StuckField[] = COURIER_IDS.flatMap((c) => STUCK_RULES.map((r) => stuckField(c, r)));
const stuckValues = (days: StoreSettings['stuck_days']) =>
  Object.fromEntries(COURIER_IDS.flatMap((c) => STUCK_RULES.map((r) => [stuckField(c, r), String(days[c][r])]))) as Record<StuckField, string>;
const stuckBody = (values: SettingsValues) =>
  Object.fromEntries(COURIER_IDS.map((c) => [c, Object.fromEntries(STUCK_RULES.map((r) => [r, numberOrNull(values[stuckField(c, r)])]))]));

/** The four order tags, in the order a parcel moves (spec 001 §3 "Settings"). */
export const TAG_FIELDS: readonly TagKey[] = ['inprocess_tag', 'delivered_tag', 'cancelled_tag', 'rts_tag'];

/** The form as typed: numbers stay text until saved, so an emptied field reads 'required', not 0. */
export interface SettingsValues extends Record<StuckField, string> {
  free_shipping_value: string;
  discount_name: string;
  show_discount: boolean;
  default_weight: string;
  label_paper: LabelPaper;
  consignee_notices: boolean;
  inprocess_tag: string;
  delivered_tag: string;
  cancelled_tag: string;
  rts_tag: string;
}
export type SettingsField = keyof SettingsValues;
/** A message per field, and `tags` for one about the order tags as a whole (the plan refusal). */
export type SettingsErrors = Partial<Record<SettingsField | 'tags' | '_form', string>>;

export function valuesFrom(settings: StoreSettings): SettingsValues {
  return {
    free_shipping_value: String(settings.free_shipping_value),
    discount_name: settings.discount_name,
    show_discount: settings.show_discount,
    default_weight: String(settings.default_weight),
    label_paper: settings.label_paper,
    consignee_notices: settings.consignee_notices,
    ...settings.tags,
    ...stuckValues(settings.stuck_days),
  };
}

/** An emptied number field is sent as null: the schema calls it required (absent would mean 'keep the saved one'). */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * What Save sends. Without the plan for tags and notices they are left out (the server keeps them), so a
 * free shop's save never trips the plan check on fields it cannot change.
 */
export function bodyFrom(values: SettingsValues, tagsAllowed: boolean): Record<string, unknown> {
  return {
    free_shipping_value: numberOrNull(values.free_shipping_value),
    discount_name: values.discount_name,
    show_discount: values.show_discount,
    default_weight: numberOrNull(values.default_weight),
    label_paper: values.label_paper,
    stuck_days: stuckBody(values),
    ...(tagsAllowed ? { tags: Object.fromEntries(TAG_FIELDS.map((key) => [key, values[key]])), consignee_notices: values.consignee_notices } : {}),
  };
}

/** `tags.delivered_tag` -> `delivered_tag`; anything else by its first segment. */
export function fieldOfPath(path: readonly PropertyKey[] | string): SettingsField | 'tags' | '_form' {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  if (parts.length === 0 || parts[0] === '' || parts[0] === 'body') return '_form';
  if (parts[0] === 'tags') return (parts[1] as TagKey | undefined) ?? 'tags';
  if (parts[0] === 'stuck_days' && parts.length >= 3) return stuckField(parts[1] as CourierId, parts[2] as StuckRule);
  return parts[0] as SettingsField;
}

/** Checks with the server's own schema: the first message of each field, as the server would answer. */
export function validateSettings(
  schema: ParseableSchema<SaveSettingsInput>, values: SettingsValues, tagsAllowed: boolean,
): { ok: true; data: SaveSettingsInput } | { ok: false; errors: SettingsErrors } {
  const parsed = schema.safeParse(bodyFrom(values, tagsAllowed));
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: SettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The messages of a refused save that name their field (`param`), placed on the form. */
export function serverErrors(body: { errors?: { msg: string; param?: string }[] } | null | undefined): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const item of body?.errors ?? []) {
    if (!item.param) continue;
    errors[fieldOfPath(item.param)] ??= item.msg;
  }
  return errors;
}

/** True when the form differs from what is saved (Save says so, and leaving is safe when it does not). */
export function isDirty(values: SettingsValues, saved: SettingsOutput['settings']): boolean {
  const base = valuesFrom(saved);
  return (Object.keys(base) as SettingsField[]).some((key) => base[key] !== values[key]);
}

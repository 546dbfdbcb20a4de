import { z } from '../zod';
import { LIMITS } from '../plans';
import { LabelPaper } from './labels';
import { DEFAULT_STUCK_SETTINGS, StuckSettings } from './stuck';

/** Spec 001 §9: 0 means not set; a value moves in steps of 50. */
export const FREE_SHIPPING_STEP = 50;
/** Shopify refuses a tag longer than this. */
export const MAX_TAG_LENGTH = 40;
export const MAX_DISCOUNT_NAME_LENGTH = 50;

const number = (label: string) => z.number({
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? `${label} is required` : `${label} must be a number`),
});

const FreeShippingValue = number('Free shipping value')
  .int('Free shipping value must be a whole number')
  .min(0, 'Free shipping value must be at least 0')
  .max(LIMITS.maxFreeShippingValue, `Free shipping value must be at most ${LIMITS.maxFreeShippingValue}`)
  .multipleOf(FREE_SHIPPING_STEP, `Free shipping value must be a multiple of ${FREE_SHIPPING_STEP}`);

/** A booking's starting weight in grams: a booking needs at least 1 (spec 001 §5), an account at most 50000. */
const DefaultWeight = number('Default weight')
  .int('Default weight must be whole grams')
  .min(1, 'Default weight must be at least 1 gram')
  .max(LIMITS.maxAccountWeightGrams, `Default weight must be at most ${LIMITS.maxAccountWeightGrams} grams`);

// the four tags are saved together: one left out is missing ('' clears it), not a wrong value
const tag = (label: string) => z.string({ error: (issue) => (issue.input === undefined ? `${label} is required (send '' for no tag)` : `${label} must be text`) }).trim()
  .max(MAX_TAG_LENGTH, `${label} must be at most ${MAX_TAG_LENGTH} characters`)
  // Shopify reads a comma as the end of one tag and the start of the next
  .refine((value) => !value.includes(','), `${label} cannot contain a comma`);

export const TAG_LABELS = {
  inprocess_tag: 'In process tag',
  delivered_tag: 'Delivered tag',
  cancelled_tag: 'Cancelled tag',
  rts_tag: 'Returned tag',
} as const;
export type TagKey = keyof typeof TAG_LABELS;
export const TAG_KEYS = Object.keys(TAG_LABELS) as TagKey[];

/**
 * The Shopify tag the status sync puts on an order when its parcel reaches each state ('' = none).
 * Two states sharing a tag would make the sync remove the tag it just added, so each is its own
 * (Shopify compares tags without case).
 */
export const OrderTags = z.object({
  inprocess_tag: tag(TAG_LABELS.inprocess_tag),
  delivered_tag: tag(TAG_LABELS.delivered_tag),
  cancelled_tag: tag(TAG_LABELS.cancelled_tag),
  rts_tag: tag(TAG_LABELS.rts_tag),
}).superRefine((tags, ctx) => {
  const seen = new Map<string, TagKey>();
  for (const key of TAG_KEYS) {
    const value = tags[key].toLowerCase();
    if (!value) continue;
    const first = seen.get(value);
    if (first) ctx.addIssue({ code: 'custom', path: [key], message: `${TAG_LABELS[key]} is the same as the ${TAG_LABELS[first].toLowerCase()}: each status needs its own tag` });
    else seen.set(value, key);
  }
});
export type OrderTags = z.infer<typeof OrderTags>;

/** Spec 001 §3 "Settings". Later settings join this object with a default, so a shop that never saved still reads a whole one. */
export const StoreSettings = z.object({
  free_shipping_value: FreeShippingValue,
  discount_name: z.string(),
  show_discount: z.boolean(),
  tags: OrderTags,
  default_weight: DefaultWeight,
  /** The airway bills' paper (issue 23). */
  label_paper: LabelPaper,
  /** Consignee notices (issue 22 §3, paid plans): a mail on out for delivery, delivered and returned. Off until a merchant turns it on. */
  consignee_notices: z.boolean(),
  /** Stuck parcels (issue 22): days per courier and rule before the sync raises 'Needs attention'. */
  stuck_days: StuckSettings,
});
export type StoreSettings = z.infer<typeof StoreSettings>;

/** What every shop has before it saves anything: no free shipping, no discount line, no tags, 100 g. */
export const DEFAULT_SETTINGS: StoreSettings = {
  free_shipping_value: 0,
  discount_name: '',
  show_discount: false,
  tags: { inprocess_tag: '', delivered_tag: '', cancelled_tag: '', rts_tag: '' },
  default_weight: LIMITS.defaultAccountWeightGrams,
  label_paper: 'A4',
  consignee_notices: false,
  stuck_days: DEFAULT_STUCK_SETTINGS,
};

/**
 * POST /store/default-settings. The free shipping value is required (spec 001 §5); every other field
 * left out keeps its saved value, so a later setting can be added without older screens erasing it.
 * `tags` is a paid-plan setting: a free shop that sends tags other than its saved ones is refused.
 */
export const SaveSettingsInput = z.object({
  free_shipping_value: FreeShippingValue,
  discount_name: z.string({ error: 'Discount name must be text' }).trim()
    .max(MAX_DISCOUNT_NAME_LENGTH, `Discount name must be at most ${MAX_DISCOUNT_NAME_LENGTH} characters`).optional(),
  show_discount: z.boolean({ error: 'Show discount must be true or false' }).optional(),
  tags: OrderTags.optional(),
  default_weight: DefaultWeight.optional(),
  label_paper: LabelPaper.optional(),
  // a paid-plan setting, like the tags: a free shop may send false, never true
  consignee_notices: z.boolean({ error: 'Consignee notices must be true or false' }).optional(),
  stuck_days: StuckSettings.optional(),
}).strict();
export type SaveSettingsInput = z.infer<typeof SaveSettingsInput>;

export const SettingsOutput = z.object({
  settings: StoreSettings,
  /** The plan allows order tags and consignee notices (the paid settings): the screen mirrors the server's one plan check instead of guessing it. */
  tags_allowed: z.boolean(),
});
export type SettingsOutput = z.infer<typeof SettingsOutput>;

export const SettingsSaved = SettingsOutput.extend({ msg: z.string() });
export type SettingsSaved = z.infer<typeof SettingsSaved>;

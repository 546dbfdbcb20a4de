/**
 * What differs between couriers, as data (STYLE.md §10, karrio's per-carrier settings): the account
 * form, the account schemas, the redaction list, the adapters' capabilities and the booking rules all
 * read one definition per courier. Code reads these facts; it never branches on a courier's name.
 */

/** How a field is typed in: `secret` is a masked input, `city` a choice from Dakiya's city list. */
export type FieldKind = 'text' | 'secret' | 'tel' | 'city';

export interface CredentialFieldDef<K extends string = string> {
  key: K;
  label: string;
  /** The server's maximum length (spec 001 §5). */
  max: number;
  kind: FieldKind;
  /** Never returned once saved, and scrubbed from every courier message a person or a log sees. */
  secret: boolean;
  /** The account's identity with the courier: cannot be changed or deleted after creation. */
  permanent: boolean;
  /**
   * May change on the edit page. A secret is typed only to change it (empty keeps the saved one); any
   * other editable value is shown and required there. A change is checked with the courier.
   */
  editable: boolean;
  /** Also kept in the clear on the account (shown in lists and on edit), not only in the sealed credentials. */
  onAccount?: boolean;
  /** Grouped under "Shipper details" on the form. */
  group?: 'shipper';
  placeholder?: string;
  helper?: string;
}

export interface BookingRules {
  /** The unit the courier books weight in; Dakiya always holds grams and converts. */
  weightUnit: 'g' | 'kg';
  /** Lightest parcel the courier accepts, in grams (TCS: 0.5 kg). */
  minWeightGrams: number;
  /** Cash on delivery, whole rupees. `minPositive`: a COD-only account rejects 0 (M&P). */
  cod: { max: number; minPositive: boolean };
  consigneeName: { min: number; max: number };
  consigneeAddressMax: number;
  productsMax: number;
  remarksMax: number;
  piecesMax: number;
  /**
   * A booking whose answer was lost can be found again by our order reference. Only then may bulk
   * booking call the courier in parallel; otherwise an ambiguous answer needs a person.
   */
  findByReference: boolean;
  /** Courier calls at once during bulk booking (1 = one after another). */
  bulkParallel: number;
  /** Most tracking numbers one tracking call accepts. */
  trackBatchSize: number;
  /**
   * Status-sync tracking calls at once to this courier, per worker container (default
   * DEFAULT_TRACK_IN_FLIGHT): the courier's own rate limit, kept with its other limits.
   */
  trackInFlight?: number;
  /**
   * Its tracking shows a parcel only from the first scan (TCS: after the pickup), so a number it does not
   * show yet may still be right.
   */
  tracksFromPickup?: true;
  /**
   * The courier pushes status changes to a callback address per account (Leopards' Push API, issue 22):
   * the account page shows the address, and an account that receives pushes is polled only daily.
   */
  statusPush?: true;
}

/** Tracking calls in flight to one courier when its definition names no other cap. */
export const DEFAULT_TRACK_IN_FLIGHT = 5;

export interface CourierDefinition<Id extends string = string, K extends string = string> {
  id: Id;
  /** How the courier reads on screen. */
  name: string;
  /** The short mark on its card and badge. */
  mark: string;
  /** Chakra colour palette of its badge and card accent: distinct per courier. */
  palette: 'orange' | 'blue' | 'purple' | 'red' | 'green' | 'teal' | 'cyan' | 'pink' | 'yellow';
  /** One line under the name on the create screen's company cards. */
  blurb: string;
  /** In the order the create form asks for them. */
  fields: readonly CredentialFieldDef<K>[];
  booking: BookingRules;
}

/** The definition's helper so each courier file stays a plain object with its literal types kept. */
export function defineCourier<const D extends CourierDefinition>(definition: D): D {
  return definition;
}

type FieldOptions = Partial<Omit<CredentialFieldDef, 'key' | 'label' | 'max' | 'kind'>>;

/** Field builders: the same credential reads the same on every courier that has it. Flags keep their literal types. */
export const field = {
  /** A permanent identity value typed as plain text (username, account numbers). */
  identity: <const K extends string, const O extends FieldOptions = Record<never, never>>(key: K, label: string, max: number, opts?: O) =>
    ({ key, label, max, kind: 'text', secret: false, permanent: true, editable: false, ...opts }) as CredentialFieldDef<K> & O,
  /** A masked value. */
  secret: <const K extends string, const O extends FieldOptions = Record<never, never>>(key: K, label: string, max: number, opts?: O) =>
    ({ key, label, max, kind: 'secret', secret: true, permanent: false, editable: false, ...opts }) as CredentialFieldDef<K> & O,
  /** A value the merchant may change later and sees again (pickup codes, shipper details). */
  detail: <const K extends string, const O extends FieldOptions = Record<never, never>>(key: K, label: string, max: number, kind: FieldKind = 'text', opts?: O) =>
    ({ key, label, max, kind, secret: false, permanent: false, editable: true, onAccount: true, ...opts }) as CredentialFieldDef<K> & { editable: true; onAccount: true } & O,
};

import type { CourierDefinition, CredentialFieldDef } from './definition';
import { LEOPARD } from './leopard';
import { MNP } from './mnp';
import { POSTEX } from './postex';
import { TCS } from './tcs';

export * from './definition';

/**
 * The one list of couriers, in the order the create screen offers them. A new courier is a file next
 * to these (its definition), its adapter folder and simulator, and one line here.
 */
export const COURIER_DEFINITIONS = [LEOPARD, MNP, POSTEX, TCS] as const;

type Definitions = (typeof COURIER_DEFINITIONS)[number];
export type CourierId = Definitions['id'];
/** Every credential or courier-specific field any courier's form can show. */
export type CredentialKey = Definitions['fields'][number]['key'];

type Fields = Definitions['fields'][number];
/** Fields some courier lets change after creation. */
export type EditableKey = Extract<Fields, { editable: true }>['key'];
/** Fields some courier keeps in the clear on the account, besides the spec's address_code. */
export type AccountDetailKey = Exclude<Extract<Fields, { onAccount: true }>['key'], 'address_code'>;

export const COURIER_IDS = COURIER_DEFINITIONS.map((d) => d.id) as [CourierId, ...CourierId[]];

export const COURIER_BY_ID = Object.fromEntries(COURIER_DEFINITIONS.map((d) => [d.id, d])) as {
  [Id in CourierId]: Extract<Definitions, { id: Id }>;
};

export function courierDefinition(id: CourierId): CourierDefinition<CourierId, CredentialKey> {
  return COURIER_BY_ID[id] as CourierDefinition<CourierId, CredentialKey>;
}

/** Each credential key once, with the first courier's definition of it (labels agree across couriers). */
export const CREDENTIAL_FIELDS: ReadonlyMap<CredentialKey, CredentialFieldDef<CredentialKey>> = new Map(
  COURIER_DEFINITIONS.flatMap((d) => d.fields as readonly CredentialFieldDef<CredentialKey>[])
    .filter((f, i, all) => all.findIndex((g) => g.key === f.key) === i)
    .map((f) => [f.key, f]),
);

/** Credential names whose values must never reach a message a person or a log reads. */
export const SECRET_CREDENTIALS: readonly CredentialKey[] = [
  ...new Set(COURIER_DEFINITIONS.flatMap((d) => (d.fields as readonly CredentialFieldDef<CredentialKey>[]).filter((f) => f.secret).map((f) => f.key))),
];

/** 'Leopards, M&P, PostEx and TCS' (or '... or TCS') for copy that names every courier. */
export function courierNames(conjunction: 'and' | 'or'): string {
  const names = COURIER_DEFINITIONS.map((d) => d.name);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${conjunction} ${names[names.length - 1]}`;
}

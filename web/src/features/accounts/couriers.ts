import { COURIER_BY_ID, COURIER_IDS as SHARED_COURIER_IDS, CREDENTIAL_FIELDS, type Courier, type CourierDefinition, type CredentialFieldDef, type CredentialKey } from '@dakiya/shared';

export type { CredentialKey } from '@dakiya/shared';

/** The couriers in the order the create screen offers them (shared/src/couriers is the one list). */
export const COURIER_IDS: readonly Courier[] = SHARED_COURIER_IDS;

export type CourierInfo = Pick<CourierDefinition<Courier>, 'id' | 'name' | 'palette' | 'blurb' | 'mark'>;

export const COURIERS = COURIER_BY_ID as unknown as Record<Courier, CourierInfo>;

/** 'LEOPARD' -> 'Leopards'; an unknown code is shown as it is. */
export function courierName(company: string): string {
  return (COURIERS as Record<string, CourierInfo | undefined>)[company]?.name ?? company;
}

/** A field the create and edit forms can show, as the courier's definition describes it. */
export type CredentialField = CredentialFieldDef<CredentialKey>;

const fieldsOf = (id: Courier): readonly CredentialField[] => COURIER_BY_ID[id].fields as readonly CredentialField[];

/** Spec 001 §5 "Create account": the fields of each courier, in the order they are asked for. */
export const CREATE_FIELDS = Object.fromEntries(COURIER_IDS.map((id) => [id, fieldsOf(id)])) as unknown as Record<Courier, readonly CredentialField[]>;

/** Spec 001 §5 "Edit account": what can still change per courier. */
export const EDIT_FIELDS = Object.fromEntries(COURIER_IDS.map((id) => [id, fieldsOf(id).filter((f) => f.editable)])) as unknown as Record<Courier, readonly CredentialField[]>;

/** The label of a stored credential's name (the `saved_credentials` of an account). */
export function credentialLabel(key: string): string {
  const field = CREDENTIAL_FIELDS.get(key as CredentialKey);
  if (field) return field.label;
  const text = key.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Labels of the permanent fields of a courier, e.g. ['API key'] or ['Username', 'Account number']. */
export function permanentLabels(company: Courier): string[] {
  return CREATE_FIELDS[company].filter((f) => f.permanent).map((f) => f.label);
}

/** ['API key'] -> 'API key'; ['Username', 'Account number'] -> 'Username and Account number'; three or more with commas. */
export function joinLabels(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

import type { Courier } from '@dakiya/shared';

/** The four couriers in the order the create screen offers them. */
export const COURIER_IDS = ['LEOPARD', 'MNP', 'POSTEX', 'TCS'] as const satisfies readonly Courier[];

export interface CourierInfo {
  id: Courier;
  /** How the courier reads on screen, e.g. in the company badge. */
  name: string;
  /** Chakra colour palette of its badge and card accent: distinct per courier. */
  palette: 'orange' | 'blue' | 'purple' | 'red';
  /** One line under the name on the create screen's company cards. */
  blurb: string;
  /** The short mark on its card. */
  mark: string;
}

export const COURIERS: Record<Courier, CourierInfo> = {
  LEOPARD: { id: 'LEOPARD', name: 'Leopards', palette: 'orange', blurb: 'API key and API password', mark: 'LCS' },
  MNP: { id: 'MNP', name: 'M&P', palette: 'blue', blurb: 'Username, account number and API password', mark: 'M&P' },
  POSTEX: { id: 'POSTEX', name: 'PostEx', palette: 'purple', blurb: 'Token and pickup address code', mark: 'PX' },
  TCS: { id: 'TCS', name: 'TCS', palette: 'red', blurb: 'API credentials and shipper details', mark: 'TCS' },
};

/** 'LEOPARD' -> 'Leopards'; an unknown code is shown as it is. */
export function courierName(company: string): string {
  return (COURIERS as Record<string, CourierInfo | undefined>)[company]?.name ?? company;
}

/** Every credential or courier-specific field the create and edit forms can show. */
export type CredentialKey =
  | 'api_key' | 'api_password' | 'username' | 'account_no' | 'token' | 'address_code'
  | 'tcs_account_id' | 'client_id' | 'client_secret' | 'cost_center_code'
  | 'shipper_name' | 'shipper_mobile' | 'shipper_address' | 'shipper_city';

export interface CredentialField {
  key: CredentialKey;
  label: string;
  /** The server's maximum length (spec 001 §5). */
  max: number;
  /** `secret`: a password-type input with show/hide; `city`: a choice from the city list. */
  kind: 'text' | 'secret' | 'city' | 'tel';
  /** The identity of the account with the courier: cannot be changed or deleted after creation. */
  permanent?: boolean;
  placeholder?: string;
  helper?: string;
  /** TCS splits its form: these go under "Shipper details". */
  group?: 'shipper';
}

const F = {
  api_key: { key: 'api_key', label: 'API key', max: 500, kind: 'secret', permanent: true },
  api_password: { key: 'api_password', label: 'API password', max: 100, kind: 'secret' },
  username: { key: 'username', label: 'Username', max: 100, kind: 'text', permanent: true },
  account_no: { key: 'account_no', label: 'Account number', max: 50, kind: 'text', permanent: true },
  token: { key: 'token', label: 'Token', max: 500, kind: 'secret', permanent: true },
  address_code: {
    key: 'address_code', label: 'Address code', max: 50, kind: 'text', placeholder: 'e.g. 001',
    helper: 'The code of the pickup address registered with PostEx.',
  },
  tcs_account_id: { key: 'tcs_account_id', label: 'TCS account ID', max: 100, kind: 'text', permanent: true },
  client_id: { key: 'client_id', label: 'Client ID', max: 500, kind: 'text', permanent: true },
  client_secret: { key: 'client_secret', label: 'Client secret', max: 100, kind: 'secret' },
  cost_center_code: { key: 'cost_center_code', label: 'Cost center code', max: 100, kind: 'text', permanent: true },
  shipper_name: { key: 'shipper_name', label: 'Shipper name', max: 100, kind: 'text', group: 'shipper', placeholder: 'Your store or business name' },
  shipper_mobile: { key: 'shipper_mobile', label: 'Shipper mobile', max: 100, kind: 'tel', group: 'shipper', placeholder: '03001234567' },
  shipper_address: { key: 'shipper_address', label: 'Shipper address', max: 100, kind: 'text', group: 'shipper', placeholder: 'Pickup street address' },
  shipper_city: { key: 'shipper_city', label: 'Shipper city', max: 100, kind: 'city', group: 'shipper' },
} as const satisfies Record<CredentialKey, CredentialField>;

/** Spec 001 §5 "Create account": the fields of each courier, in the order they are asked for. */
export const CREATE_FIELDS: Record<Courier, readonly CredentialField[]> = {
  LEOPARD: [F.api_key, F.api_password],
  MNP: [F.username, F.account_no, F.api_password],
  TCS: [
    F.username, F.api_password, F.tcs_account_id, F.client_id, F.client_secret, F.cost_center_code,
    F.shipper_name, F.shipper_mobile, F.shipper_address, F.shipper_city,
  ],
  POSTEX: [F.token, F.address_code],
};

/** Spec 001 §5 "Edit account": what can still change per courier (all required there). */
export const EDIT_FIELDS: Record<Courier, readonly CredentialField[]> = {
  LEOPARD: [F.api_password],
  MNP: [F.api_password],
  TCS: [F.api_password, F.client_secret, F.shipper_name, F.shipper_mobile, F.shipper_address, F.shipper_city],
  POSTEX: [F.address_code],
};

/** The label of a stored credential's name (the `saved_credentials` of an account). */
export function credentialLabel(key: string): string {
  const field = (F as Record<string, CredentialField | undefined>)[key];
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

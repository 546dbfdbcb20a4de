import { courierDefinition, type CourierId } from '@dakiya/shared';
import type { CancelResult } from '../../domain/ports/courier';

/**
 * What couriers say, and how a person reads it. A courier's refusal is often its API's own wording
 * (TCS names the field path: 'consigneeinfo cityname is not serviceable at the moment'); a row here
 * says it in plain words, and the courier's text is kept beside them (`raw`) for support.
 */
const TABLE: readonly { says: RegExp; plain: (courier: string) => string }[] = [
  { says: /\bnot\s+serviceable\b|\bnot\s+available\s+for\s+this\s+city\b/i, plain: (c) => `${c} does not deliver to this city at the moment` },
  { says: /\bbooking\s+is\s+temporarily\s+blocked\b/i, plain: (c) => `${c} has paused bookings on this account. Contact ${c} to have them resumed.` },
  { says: /\breference\s+number\s+already\s+exists\b/i, plain: (c) => `${c} already has a parcel with this order's reference` },
];

/** The messages in plain words, with the courier's own when any was changed. */
export function inPlainWords(company: CourierId, messages: string[]): { messages: string[]; raw?: string[] } {
  const name = courierDefinition(company).name;
  const plain = messages.map((m) => TABLE.find((row) => row.says.test(m))?.plain(name) ?? m);
  return plain.some((m, i) => m !== messages[i]) ? { messages: [...new Set(plain)], raw: messages } : { messages };
}

/** Every courier's way of refusing a cancel because the parcel is cancelled already ('Order is already cancelled', 'Consignment is already void'). */
const ALREADY_CANCELLED = /\balready\s+(?:been\s+)?(?:cancell?ed|void(?:ed)?)\b/i;

/** A cancel refused only because it was done before is the outcome the person asked for. */
export function cancelledBefore(result: CancelResult): CancelResult {
  return result.kind === 'refused' && result.messages.length > 0 && result.messages.every((m) => ALREADY_CANCELLED.test(m))
    ? { kind: 'cancelled', already: true }
    : result;
}

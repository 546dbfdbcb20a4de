import type { NormalisedStatus } from '../../domain/ports/courier';

/**
 * Courier status texts vary in casing, spacing and dash style ("PostEx WareHouse", "Return – In Transit").
 * Every table key and every incoming text goes through the same normalisation before comparing.
 */
export function normaliseStatusText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s*-\s*/g, ' - ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface StatusVerdict {
  status: NormalisedStatus | null;
  returning: boolean;
}

export interface StatusTable {
  known: Map<string, StatusVerdict>;
}

/** `returning` lists the INPROCESS texts that belong to the return leg. */
export function statusTable(entries: Record<NormalisedStatus, string[]>, returning: string[] = []): StatusTable {
  const known = new Map<string, StatusVerdict>();
  const returningSet = new Set(returning.map(normaliseStatusText));
  for (const [status, texts] of Object.entries(entries) as [NormalisedStatus, string[]][]) {
    for (const text of texts) {
      const key = normaliseStatusText(text);
      known.set(key, { status, returning: returningSet.has(key) });
    }
  }
  return { known };
}

const TERMINAL_RETURN = ['returned to shipper', 'return to shipper', 'returned to origin', 'return to origin', 'return to vendor', 'returned to vendor'];
// Failed attempts mention "deliver" too; they must be recognised first or they read as DELIVERED.
const NOT_A_DELIVERY = ['out for delivery', 'undelivered', 'un - delivered', 'not delivered', 'attempt', 'refused', 'failed', 'unsuccessful'];

/**
 * The courier's table first; then keyword rules in a safe order; anything else is unknown (null) and
 * must not move an order.
 */
export function classifyStatus(table: StatusTable, text: string | null | undefined): StatusVerdict {
  if (!text) return { status: null, returning: false };
  const norm = normaliseStatusText(text);
  const exact = table.known.get(norm);
  if (exact) return exact;
  if (TERMINAL_RETURN.some((k) => norm.includes(k))) return { status: 'RTS', returning: false };
  if (/\breturn/.test(norm)) return { status: 'INPROCESS', returning: true };
  if (/cancel|\bvoid/.test(norm)) return { status: 'CANCELLED', returning: false };
  if (NOT_A_DELIVERY.some((k) => norm.includes(k))) return { status: 'INPROCESS', returning: false };
  if (norm.includes('deliver')) return { status: 'DELIVERED', returning: false };
  return { status: null, returning: false };
}

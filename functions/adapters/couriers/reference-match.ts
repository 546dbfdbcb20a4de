import { normalisePkMobile } from '@dakiya/shared';
import type { ReferenceMatch } from '../../domain/ports/courier';

/** What a courier's lookup tells of a parcel, in its own fields. */
export interface ParcelFacts {
  reference: string | null | undefined;
  phone: string | null | undefined;
  cod: string | number | null | undefined;
}

const phoneOf = (value: string | null | undefined) => {
  const result = normalisePkMobile(value ?? '');
  return result.ok ? result.phone : (value ?? '').replace(/\D/g, '');
};

/** Ours only when the reference, the consignee's phone and the COD (whole rupees) are the ones we booked. */
export function isOurParcel(found: ParcelFacts, wanted: ReferenceMatch): boolean {
  return (found.reference ?? '').trim() === wanted.reference
    && phoneOf(found.phone) === phoneOf(wanted.phone)
    && Math.round(Number(found.cod ?? Number.NaN)) === Math.round(wanted.codAmount);
}

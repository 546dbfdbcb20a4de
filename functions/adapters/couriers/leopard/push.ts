import type { TrackingResult } from '../../../domain/ports/courier';
import { parsePkDateTime } from '../pk-time';
import { classifyStatus } from '../status-text';
import { LEOPARD_PUSH_CODES } from './mapper';

/**
 * Each push code's words in the tracking API (`booked_packet_status`), so a parcel's courier text is the
 * same whether a push or a poll brought the scan: a push and a poll of one scan then write nothing twice.
 * Codes the tracking API has no words for keep the push doc's own.
 */
export const LEOPARD_PUSH_TEXT: Readonly<Record<string, string>> = {
  RC: 'Consignment Booked',
  SP: 'Shipment Picked',
  DP: 'Dispatched',
  AR: 'Arrived at Station',
  AC: 'Assign to Courier',
  DV: 'Delivered',
  PN1: 'Pending',
  PN2: 'Pending',
  NR: 'Ready for Return',
  RO: 'Being Return',
  RN1: 'Being Return',
  RN2: 'Being Return',
  RW: 'Returned to Warehouse',
  RS: 'Returned to shipper',
};

export interface LeopardPushScan {
  cn_number: string;
  status: string;
  receiver_name?: string | null;
  reason?: string | null;
  activity_date: string;
}

/**
 * One pushed scan as a courier reading of its parcel, in the words the tracking API uses; undefined for
 * a code Dakiya does not know (DW and DR, which integrators read both ways) or a date it cannot read:
 * such a scan changes nothing, and the next poll reads the parcel as the courier shows it.
 */
export function readLeopardPushScan(scan: LeopardPushScan): TrackingResult | undefined {
  const code = scan.status.trim().toUpperCase();
  const verdict = classifyStatus(LEOPARD_PUSH_CODES, code);
  const text = LEOPARD_PUSH_TEXT[code];
  const at = parsePkDateTime(scan.activity_date, 'dmy');
  if (!verdict.status || !text || !at) return undefined;
  const receiver = scan.receiver_name?.trim();
  const reason = scan.reason?.trim();
  const message = [text, receiver && `Received by ${receiver}`, reason].filter(Boolean).join(' - ');
  return {
    trackingNumber: scan.cn_number.trim(), found: true, status: verdict.status, returning: verdict.returning, rawStatus: text,
    events: [{ status: text, message, at }],
    ...(verdict.status === 'DELIVERED' ? { deliveredAt: at } : {}),
    ...(verdict.status === 'RTS' ? { returnedAt: at } : {}),
  };
}

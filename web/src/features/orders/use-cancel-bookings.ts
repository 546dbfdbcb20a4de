import type { OrderRow } from '@dakiya/shared';
import { useState } from 'react';
import { api, isApiError, GENERIC_ERROR } from '../../lib/api';
import { useHandleApiError } from '../../lib/api-errors';
import { useConfirm } from '../../components/ui/confirm';
import { notifyError, notifySuccess } from '../../components/ui/toaster';

type Cancellable = Pick<OrderRow, 'tracking_number' | 'order_name' | 'cancellable'>;

/** Which of a selection can be cancelled (spec §4: neither cancelled nor delivered, and booked), and which cannot. */
export function splitCancellable<R extends Cancellable>(rows: readonly R[]): { cancel: R[]; keep: R[] } {
  const cancel = rows.filter((r) => r.cancellable && r.tracking_number);
  return { cancel, keep: rows.filter((r) => !cancel.includes(r)) };
}

/** 'Cancelled 3 bookings …' / what failed, by tracking number with the first reason. */
export function cancelOutcome(done: number, failed: { tracking: string; reason: string }[]): { success?: string; failure?: string } {
  const bookings = (n: number) => `${n} ${n === 1 ? 'booking' : 'bookings'}`;
  return {
    ...(done ? { success: `${bookings(done)} cancelled with the courier and unfulfilled on Shopify` } : {}),
    ...(failed.length
      ? { failure: `${bookings(failed.length)} could not be cancelled: ${failed.map((f) => f.tracking).join(', ')}. ${failed[0]!.reason}` }
      : {}),
  };
}

/**
 * Cancel through the existing route (PUT /cancel-booking/{trackingNumber}) after the same confirmation
 * as the booking's page: one booking from its row, or several from the selection, one after another
 * (a courier is asked once per parcel, as when each is cancelled on its own).
 */
export function useCancelBookings(onChanged: () => void) {
  const confirm = useConfirm();
  const handle = useHandleApiError();
  const [busy, setBusy] = useState<{ done: number; of: number; tracking?: string } | null>(null);

  const cancelOne = async (row: Cancellable) => {
    if (!row.tracking_number) return false;
    const ok = await confirm({
      title: `Cancel ${row.tracking_number}?`,
      message: `The courier booking is cancelled and ${row.order_name} is unfulfilled on Shopify, so it can be booked again.`,
      confirmLabel: 'Cancel booking',
      cancelLabel: 'Keep it',
      destructive: true,
    });
    if (!ok) return false;
    setBusy({ done: 0, of: 1, tracking: row.tracking_number });
    try {
      const answer = await api('booking.cancel', { params: { trackingNumber: row.tracking_number } });
      notifySuccess(answer.msg);
      return true;
    } catch (error) {
      handle(error);
      return false;
    } finally {
      setBusy(null);
      onChanged();
    }
  };

  /** Answers the tracking numbers cancelled. */
  const cancelMany = async (rows: readonly Cancellable[]): Promise<string[]> => {
    const { cancel, keep } = splitCancellable(rows);
    if (cancel.length === 0) return [];
    const names = cancel.map((r) => r.order_name).join(', ');
    const ok = await confirm({
      title: `Cancel ${cancel.length} ${cancel.length === 1 ? 'booking' : 'bookings'}?`,
      message: `The courier bookings are cancelled and ${names} ${cancel.length === 1 ? 'is' : 'are'} unfulfilled on Shopify, so they can be booked again.`
        + (keep.length ? ` ${keep.length} of the selected ${keep.length === 1 ? 'order is' : 'orders are'} delivered, cancelled or not booked yet, and left as ${keep.length === 1 ? 'it is' : 'they are'}.` : ''),
      confirmLabel: `Cancel ${cancel.length} ${cancel.length === 1 ? 'booking' : 'bookings'}`,
      cancelLabel: 'Keep them',
      destructive: true,
    });
    if (!ok) return [];
    const done: string[] = [];
    const failed: { tracking: string; reason: string }[] = [];
    for (const [i, row] of cancel.entries()) {
      setBusy({ done: i, of: cancel.length, tracking: row.tracking_number! });
      try {
        await api('booking.cancel', { params: { trackingNumber: row.tracking_number! } });
        done.push(row.tracking_number!);
      } catch (error) {
        // a signed-out person is sent to sign in at once; the rest would fail the same way
        if (isApiError(error) && error.status === 401) {
          handle(error);
          break;
        }
        failed.push({ tracking: row.tracking_number!, reason: (isApiError(error) && error.message) || GENERIC_ERROR });
      }
    }
    setBusy(null);
    const outcome = cancelOutcome(done.length, failed);
    if (outcome.success) notifySuccess(outcome.success);
    if (outcome.failure) notifyError(outcome.failure);
    onChanged();
    return done;
  };

  return { cancelOne, cancelMany, busy };
}

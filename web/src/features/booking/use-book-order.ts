import { useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { useHandleApiError } from '../../lib/api-errors';
import { paths, withQuery } from '../../lib/paths';
import { notifySuccess } from '../../components/ui/toaster';
import { planLimitMessage } from '../../components/ui/plan-limit-dialog';
import { bookFieldOf, type BookBody, type BookFormErrors } from './book-form';

/** Spec §8's success toast of a booking: the courier booked it and Shopify fulfilled it. */
export const BOOKED_TOAST = 'Order has been booked and fulfilled';

export type BookOutcome = { kind: 'booked'; to: string } | { kind: 'refused'; errors: BookFormErrors } | { kind: 'shown' };

/**
 * Sends a booking and turns every answer into what the person sees: the booking's page, a field's
 * message, the 'Plan limit reached' or no-tracking-account modal, the success-toned fulfilled banner,
 * or the app's toast (courier refusal, connection dropped, server failure).
 */
export function useBookOrder() {
  const handle = useHandleApiError();
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const [noAccount, setNoAccount] = useState(false);
  const [fulfilled, setFulfilled] = useState<string | null>(null);

  const submit = async (body: BookBody): Promise<BookOutcome> => {
    try {
      const result = await api('booking.book', { body });
      notifySuccess(BOOKED_TOAST);
      return { kind: 'booked', to: withQuery(paths.dashboard.postBooking(), { tracking: result.booking.tracking_number }) };
    } catch (error) {
      if (!isApiError(error)) {
        handle(error);
        return { kind: 'shown' };
      }
      if (error.planLimitError || error.code === 'PLAN_LIMIT_REACHED') {
        setPlanLimit(planLimitMessage(error.body));
        return { kind: 'shown' };
      }
      if (error.code === 'NO_TRACKING_ACCOUNT') {
        setNoAccount(true);
        return { kind: 'shown' };
      }
      if (error.code === 'ORDER_ALREADY_FULFILLED') {
        setFulfilled(error.message);
        return { kind: 'shown' };
      }
      const errors: BookFormErrors = {};
      for (const item of error.body?.errors ?? []) {
        const key = bookFieldOf(item.param);
        if (key && !errors[key]) errors[key] = item.msg;
      }
      if (Object.keys(errors).length > 0) return { kind: 'refused', errors };
      handle(error);
      return { kind: 'shown' };
    }
  };

  return {
    submit,
    planLimit,
    closePlanLimit: () => setPlanLimit(null),
    noAccount,
    closeNoAccount: () => setNoAccount(false),
    fulfilled,
  };
}

import { useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { useHandleApiError } from '../../lib/api-errors';
import { paths, withQuery } from '../../lib/paths';
import { notifySuccess } from '../../components/ui/toaster';
import { planLimitMessage } from '../../components/ui/plan-limit-dialog';
import { bookFieldOf, type BookBody } from './book-form';

/** Spec §8's success toast of a booking: the courier booked it and Shopify fulfilled it. */
export const BOOKED_TOAST = 'Order has been booked and fulfilled';

export type BookOutcome = { kind: 'booked'; to: string } | { kind: 'refused'; error: unknown } | { kind: 'shown' };

/**
 * Sends a booking and turns every answer into what the person sees: the booking's page, the
 * 'Plan limit reached' or no-tracking-account modal, the success-toned fulfilled banner, or a refusal for
 * the form to show by its Book button (a field's message, the courier's refusal, no answer); a refusal of no
 * field is the app's toast as well.
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
      if (isApiError(error) && (error.planLimitError || error.code === 'PLAN_LIMIT_REACHED')) {
        setPlanLimit(planLimitMessage(error.body));
        return { kind: 'shown' };
      }
      if (isApiError(error) && error.code === 'NO_TRACKING_ACCOUNT') {
        setNoAccount(true);
        return { kind: 'shown' };
      }
      if (isApiError(error) && error.code === 'ORDER_ALREADY_FULFILLED') {
        setFulfilled(error.message);
        return { kind: 'shown' };
      }
      // a message under a field is enough; anything else is the app's toast too (a 401 signs out)
      const namesAField = isApiError(error) && (error.body?.errors ?? []).some((item) => bookFieldOf(item.param) !== undefined);
      if (!namesAField) handle(error);
      return { kind: 'refused', error };
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

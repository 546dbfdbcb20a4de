import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { useApi } from '../../../lib/swr';

/**
 * GET /track-order/{id} while the modal is open (null: closed). Opening it asks the courier when the
 * stored status is old, so it is read once per opening, not again on focus.
 */
export function useOrderTracking(trackingNumber: string | null) {
  const onError = useUnauthorizedOnly();
  return useApi('orders.track', trackingNumber ? { params: { id: trackingNumber } } : null, {
    onError, revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false,
  });
}

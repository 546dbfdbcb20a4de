import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { useApi } from '../../../lib/swr';
import { listInput, type OrdersApiQuery } from '../orders-view';

/**
 * GET /get-all-orders for the address's view. The rows of the last answer stay on screen while the
 * next page or filter loads; the page shows a refusal itself (spec §8: a banner with errors[0].msg).
 */
export function useOrders(query: OrdersApiQuery) {
  const onError = useUnauthorizedOnly();
  return useApi('orders.list', { query: listInput(query) }, { keepPreviousData: true, onError, revalidateOnFocus: false, shouldRetryOnError: false });
}

import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { useApi } from '../../../lib/swr';

/** How often the modal asks while an export is being written. */
const POLL_MS = 1500;

/** GET /exports: the shop's recent exports, polled while one is running; a refusal (the free plan) is shown by the modal. */
export function useExports() {
  const onError = useUnauthorizedOnly();
  return useApi('orders.exports', {}, {
    onError,
    shouldRetryOnError: false,
    refreshInterval: (data) => (data?.data.some((e) => e.state === 'running') ? POLL_MS : 0),
    // the app's reads are deduplicated for a minute (config.swrCacheMs): a poll inside it would ask nothing
    dedupingInterval: POLL_MS / 2,
  });
}

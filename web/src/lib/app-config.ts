import type { SWRResponse } from 'swr';
import type { AppConfig } from '@dakiya/shared';
import type { ApiError } from './api';
import { useApi } from './swr';

/**
 * The deploy's own values (GET /app-config), read once per visit: one web build serves every deploy,
 * and changing the support address is a deploy setting, not a rebuild. Its failure is shown by the
 * support page itself; elsewhere the address is simply left out until it arrives.
 */
export function useAppConfig(): SWRResponse<AppConfig, ApiError> {
  return useApi('system.appConfig', {}, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: true,
    dedupingInterval: 60 * 60 * 1000,
    onError: () => {},
  });
}

/** Spec 000 §2 "Support page": the support address {email}, once known. */
export function useSupportEmail(): string | undefined {
  return useAppConfig().data?.support_email;
}

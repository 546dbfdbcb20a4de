import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { SWRConfig, mutate } from 'swr';
import { useSession } from '../features/auth';
import { apiFetcher, isApiError } from '../lib/api';
import { ApiErrorHandlerContext, reactToApiError } from '../lib/api-errors';
import { config } from '../lib/config';
import { paths } from '../lib/paths';
import { notifyError } from '../components/ui/toaster';

/**
 * The one place that turns failed calls into what a person sees (spec 000 §8):
 * 401 -> toast 'Unauthorized', token removed, redirect to /login; other failures -> toast errors[0].msg
 * or 'Something went wrong'. Reads get it through SWRConfig.onError, mutations through
 * `useHandleApiError()`.
 */
export function ApiErrorsProvider({ navigate, children }: { navigate(to: string): void; children: ReactNode }) {
  const { clearAuthorization, user } = useSession();

  const handle = useCallback(
    (error: unknown, purpose: 'read' | 'write' = 'write') => {
      const reaction = reactToApiError(error, purpose);
      if (reaction.kind === 'unauthorized') {
        // One toast however many calls fail together.
        notifyError(reaction.message, 'unauthorized');
        clearAuthorization();
        navigate(paths.login());
      } else if (reaction.kind === 'toast') {
        const link = reaction.link;
        notifyError(reaction.message, reaction.key, reaction.detail, link ? { label: link.label, onClick: () => navigate(link.to) } : undefined);
      }
    },
    [clearAuthorization, navigate],
  );

  // A different person (or nobody) is signed in: drop everything cached for the previous one.
  const userId = user?._id ?? null;
  const previousUser = useRef(userId);
  useEffect(() => {
    if (previousUser.current !== null && previousUser.current !== userId) {
      void mutate(() => true, undefined, { revalidate: false });
    }
    previousUser.current = userId;
  }, [userId]);

  return (
    <ApiErrorHandlerContext.Provider value={handle}>
      <SWRConfig
        value={{
          fetcher: apiFetcher,
          dedupingInterval: config.swrCacheMs,
          focusThrottleInterval: config.swrCacheMs,
          onError: (error: unknown) => handle(error, 'read'),
          onErrorRetry: (error, _key, swrConfig, revalidate, { retryCount }) => {
            // Client errors will not fix themselves; retry only network and server failures, a few times.
            if (isApiError(error) && error.status >= 400 && error.status < 500) return;
            if (retryCount >= 3) return;
            setTimeout(() => void revalidate({ retryCount }), (swrConfig.errorRetryInterval ?? 5000) * 2 ** retryCount);
          },
        }}
      >
        {children}
      </SWRConfig>
    </ApiErrorHandlerContext.Provider>
  );
}

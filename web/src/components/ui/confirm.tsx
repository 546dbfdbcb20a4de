import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { NETWORK_ERROR } from '../../lib/api';
import { PartBoundary, prefetchWhenIdle } from './part-boundary';
import type { ConfirmOptions } from './confirm-options';
import { notifyError } from './toaster';

export type { ConfirmOptions } from './confirm-options';

// The dialog machinery loads the first time something asks for confirmation, or earlier when the browser is idle.
const loadDialog = () => import('./confirm-dialog');
const ConfirmDialog = lazy(loadDialog);

type Confirm = (options: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/** The global confirmation modal with Yes and No (spec 000 §2 Pricing page), used across the app. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => prefetchWhenIdle(loadDialog), []);

  const settle = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setAsked((n) => n + 1);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {options && (
        // Its code could not be fetched: nothing is confirmed, and the person is told why.
        <PartBoundary key={asked} fallback={null} onError={() => { settle(false); notifyError(NETWORK_ERROR); }}>
          <Suspense fallback={null}>
            <ConfirmDialog options={options} onSettle={settle} />
          </Suspense>
        </PartBoundary>
      )}
    </ConfirmContext.Provider>
  );
}

/** `if (await confirm({ message: 'Cancel this booking?' })) ...` */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}

import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';
import { ViewAddress } from './view-address';

/**
 * The orders view's address (`useSearchParams`), and the one way to change it: each change applies to
 * the newest address asked for, not to the one the render that made the handler saw (view-address.ts).
 */
export function useViewAddress(): [URLSearchParams, (update: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const address = useRef<ViewAddress | null>(null);
  address.current ??= new ViewAddress(search);
  useLayoutEffect(() => { address.current!.sawRendered(search); }, [search]);
  const change = useCallback(
    (update: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => setParams(address.current!.next(update), options),
    [setParams],
  );
  return [params, change];
}

import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';

// The toast view (its state machine and portal) loads with the first toast, not with the page; a toast
// created before it mounts waits in the store.
const ToasterView = lazy(() => import('./toaster-view'));

/** The one toaster (Chakra v3 `createToaster`). Call `toaster.create({ type, title })` anywhere. */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

export function notifyError(message: string, id?: string) {
  toaster.create({ id, type: 'error', title: message, closable: true, duration: 6000 });
}

export function notifySuccess(message: string) {
  toaster.create({ type: 'success', title: message, closable: true });
}

export function Toaster() {
  const [needed, setNeeded] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (needed) return;
    if (toaster.getCount() > 0) {
      setNeeded(true);
      return;
    }
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}

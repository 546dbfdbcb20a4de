import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

// The toast view (and its state machine) loads after the first paint; toasts created before it mounts wait in the store.
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
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}

import { Box, CloseButton, createToaster, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PartBoundary, prefetchWhenIdle } from './part-boundary';

// The toast view (its state machine and portal) loads with the first toast, not with the page; a toast
// created before it mounts waits in the store. It is fetched when the browser is idle as well: the toast
// that says the connection failed must not need the connection.
const loadView = () => import('./toaster-view');
const ToasterView = lazy(loadView);

/**
 * The one toaster (Chakra v3 `createToaster`). Call `toaster.create({ type, title })` anywhere.
 * Bottom left, full width on a phone. At the top they hid the page header's actions (Refresh, Create
 * user) and, on a phone, the title and its back button; at the bottom right they hid the Save buttons,
 * which close every form on the right, just when a person wants to try again. On a desktop with the side
 * menu they start right of it (the theme sets --dakiya-toast-left), so Profile and Logout stay free. The
 * shell leaves room under a phone's page (shell-layout.tsx) so its last button can always be scrolled
 * above them. At most three show; older ones wait.
 */
export const TOAST_OFFSETS = { top: '1rem', right: '1rem', bottom: '1rem', left: 'var(--dakiya-toast-left, 1rem)' };
export const TOAST_MAX = 3;
export const toaster = createToaster({ placement: 'bottom-start', offsets: TOAST_OFFSETS, pauseOnPageIdle: true, max: TOAST_MAX });
/**
 * zag-js gives the toast group an inline z-index of 2^31-1, above everything, the open user menu
 * included. The toasts keep Chakra's toast layer instead, so the menu (popover layer + 1, see
 * user-menu.tsx) and its Logout stay above them.
 */
export const TOAST_GROUP_STYLE = { zIndex: 'var(--chakra-z-index-toast)' } as const;

/**
 * An error toast. `id` makes repeats of one event show once (the 401 of several calls at the same time).
 * zag-js refuses an `id` key whose value is undefined ("missing required props: id"), and that throw took
 * React, so the whole app, down with it: the key is only sent with a value.
 */
export function notifyError(message: string, id?: string, description?: string) {
  // A toast whose id shows already is replaced, not stacked: its description must go when the new one has none.
  toaster.create({ ...(id ? { id } : {}), description, type: 'error', title: message, closable: true, duration: 6000 });
}

export function notifySuccess(message: string) {
  toaster.create({ type: 'success', title: message, closable: true });
}

export function Toaster() {
  const [needed, setNeeded] = useState(() => toaster.getCount() > 0);
  useEffect(() => prefetchWhenIdle(loadView), []);
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
    <PartBoundary fallback={<PlainToasts />}>
      <Suspense fallback={null}>
        <ToasterView />
      </Suspense>
    </PartBoundary>
  );
}

interface PlainToast {
  id: string;
  type?: string;
  title?: unknown;
  description?: unknown;
}

/** The toasts drawn without the toast view, when its code could not be fetched: the message still shows. */
function PlainToasts() {
  const [toasts, setToasts] = useState<PlainToast[]>([]);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const drop = (id: string) => setToasts((list) => list.filter((t) => t.id !== id));
    const show = (toast: PlainToast & { duration?: number }) => {
      setToasts((list) => [toast, ...list.filter((t) => t.id !== toast.id)].slice(0, TOAST_MAX));
      const timer = setTimeout(() => {
        timers.delete(timer);
        drop(toast.id);
      }, toast.duration ?? 5000);
      timers.add(timer);
    };
    toaster.getVisibleToasts().forEach((t) => show(t as PlainToast));
    const unsubscribe = toaster.subscribe((event) => {
      const data = event as PlainToast & { dismiss?: boolean };
      if (data.dismiss) drop(data.id);
      else show(data);
    });
    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, []);
  if (toasts.length === 0) return null;
  return (
    <Stack position="fixed" insetStart="4" bottom={TOAST_OFFSETS.bottom} insetEnd={{ base: '4', md: 'auto' }} zIndex="toast" gap="2" maxW={{ md: 'sm' }}>
      {toasts.map((toast) => (
        <HStack key={toast.id} role="status" bg={toast.type === 'error' ? 'red.solid' : 'fg'} color="white" borderRadius="lg" p="3" ps="4" gap="3" boxShadow="lg" data-testid="toast">
          <Box flex="1">
            <Text fontWeight="medium">{String(toast.title ?? '')}</Text>
            {toast.description ? <Text textStyle="sm">{String(toast.description)}</Text> : null}
          </Box>
          <CloseButton size="sm" color="white" aria-label="Close" onClick={() => toaster.remove(toast.id)} />
        </HStack>
      ))}
    </Stack>
  );
}

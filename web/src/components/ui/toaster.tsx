import { Box, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PartBoundary, prefetchWhenIdle } from './part-boundary';
import { TOAST_MAX, TOAST_OFFSETS, toaster } from './toast-store';

export { notifyError, notifySuccess, toaster } from './toast-store';

// The toast view (its state machine and portal) loads with the first toast, not with the page; a toast
// created before it mounts waits in the store. It is fetched when the browser is idle as well: the toast
// that says the connection failed must not need the connection.
const loadView = () => import('./toaster-view');
const ToasterView = lazy(loadView);

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

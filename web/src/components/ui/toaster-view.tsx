import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { useEffect } from 'react';
import { TOAST_GROUP_STYLE, TOAST_ROOM_VAR, toaster } from './toast-store';

const TOAST_SELECTOR = '[data-scope="toast"][data-part="root"]';
const DIALOG_SELECTOR = '[data-scope="dialog"][data-part="content"]';

/**
 * How far up from the bottom of the screen the open toasts reach, kept in `--dakiya-toast-room` on the
 * root. An open dialog leaves that much room under its buttons (theme.ts): a page can be scrolled above
 * the toasts, but a dialog's footer (a phone's full-screen one above all) sits at the very bottom, so a
 * toast it caused (Email tracking link) covered Close and WhatsApp until it went. Heights, not positions,
 * are read: the toasts slide in with a transform, which would measure them short.
 */
function useToastRoom() {
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const measure = () => {
      const toasts = [...document.querySelectorAll<HTMLElement>(TOAST_SELECTOR)].filter((el) => el.dataset.state !== 'closed');
      const group = toasts[0]?.parentElement;
      if (!group) {
        root.style.removeProperty(TOAST_ROOM_VAR);
        return;
      }
      if (!besideAnOpenDialog(toasts)) {
        root.style.removeProperty(TOAST_ROOM_VAR);
        return;
      }
      const style = getComputedStyle(group);
      const gap = parseFloat(style.getPropertyValue('--gap')) || 16;
      const room = (parseFloat(style.bottom) || 0) + toasts.reduce((sum, el) => sum + el.offsetHeight + gap, 0);
      root.style.setProperty(TOAST_ROOM_VAR, `${Math.ceil(room)}px`);
    };
    const soon = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    // a toast's node comes and goes, and says data-state="closed" as it starts to leave
    const observer = new MutationObserver(soon);
    observer.observe(document.body, { childList: true, subtree: true, attributeFilter: ['data-state'] });
    window.addEventListener('resize', soon);
    const unsubscribe = toaster.subscribe(soon);
    soon();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', soon);
      unsubscribe();
      cancelAnimationFrame(frame);
      root.style.removeProperty(TOAST_ROOM_VAR);
    };
  }, []);
}

/**
 * Whether the toasts' column crosses an open dialog's, so the dialog must make room. On a wide screen a
 * centred dialog is often clear of the toasts at the left and need not move; on a narrower desktop the two
 * overlap, and two stacked toasts reached the tracking modal's footer.
 */
function besideAnOpenDialog(toasts: HTMLElement[]) {
  const dialogs = [...document.querySelectorAll<HTMLElement>(DIALOG_SELECTOR)].filter((el) => el.dataset.state === 'open');
  return dialogs.some((dialog) => {
    const d = dialog.getBoundingClientRect();
    return toasts.some((toast) => {
      const t = toast.getBoundingClientRect();
      return t.left < d.right && d.left < t.right;
    });
  });
}

export default function ToasterView() {
  useToastRoom();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} style={TOAST_GROUP_STYLE}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {/* Chakra dims the description to 0.8: white on the red ground then reads 3.5, under the 4.5 text needs */}
              {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}

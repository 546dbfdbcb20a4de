import { createToaster } from '@chakra-ui/react';

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
/** How far up the open toasts reach from the bottom of the screen (toaster-view.tsx); an open dialog keeps its buttons above it (theme.ts). */
export const TOAST_ROOM_VAR = '--dakiya-toast-room';
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
export function notifyError(message: string, id?: string, description?: string, action?: { label: string; onClick(): void }) {
  // A toast whose id shows already is replaced, not stacked: its description must go when the new one has none.
  toaster.create({ ...(id ? { id } : {}), description, type: 'error', title: message, closable: true, duration: 6000, ...(action ? { action } : {}) });
}

export function notifySuccess(message: string) {
  toaster.create({ type: 'success', title: message, closable: true });
}

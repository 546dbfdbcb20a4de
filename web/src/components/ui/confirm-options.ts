import type { ReactNode } from 'react';

/** What `useConfirm()` asks; its own module so the lazily loaded dialog does not import the provider that loads it. */
export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  /** Defaults to the spec's 'Yes' / 'No'. */
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
}

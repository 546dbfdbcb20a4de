import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

export interface FormDialogProps {
  title: ReactNode;
  /** data-testid of the dialog content. */
  testId: string;
  onClose(): void;
  /** Called on submit; the page does not reload and the event does not reach a form outside the dialog. */
  onSubmit(): void | Promise<void>;
  /** While true, Escape and a click outside do not close the dialog. */
  busy?: boolean;
  footer: ReactNode;
  children: ReactNode;
}

/** A small centred dialog that is one form: a title, the fields and a footer of buttons. */
export function FormDialog({ title, testId, onClose, onSubmit, busy = false, footer, children }: FormDialogProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    // React events bubble through portals: keep this submit from reaching a form the dialog was opened from.
    event.stopPropagation();
    void onSubmit();
  }

  return (
    <Dialog.Root open placement="center" size="sm" onOpenChange={(e) => !e.open && !busy && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid={testId}>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>{footer}</Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface FormDialogButtonsProps {
  onCancel(): void;
  /** Saving: Cancel is disabled and the submit button spins. */
  busy: boolean;
  submitLabel: ReactNode;
  submitTestId: string;
}

/** The usual footer of a FormDialog: Cancel, then the submit button. */
export function FormDialogButtons({ onCancel, busy, submitLabel, submitTestId }: FormDialogButtonsProps) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" colorPalette="brand" loading={busy} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </>
  );
}

import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { ConfirmOptions } from './confirm-options';

export default function ConfirmDialog({ options, onSettle }: { options: ConfirmOptions; onSettle(value: boolean): void }) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={true}
      onOpenChange={(e) => {
        if (!e.open) onSettle(false);
      }}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{options.title ?? 'Are you sure?'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {typeof options.message === 'string' ? <Text color="fg.muted">{options.message}</Text> : options.message}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onSettle(false)} data-testid="confirm-no">
                {options.cancelLabel ?? 'No'}
              </Button>
              <Button
                colorPalette={options.destructive ? 'red' : 'brand'}
                onClick={() => onSettle(true)}
                data-testid="confirm-yes"
              >
                {options.confirmLabel ?? 'Yes'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

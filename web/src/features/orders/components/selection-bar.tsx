import { ActionBar, Button, CloseButton, Portal, Text } from '@chakra-ui/react';
import type { OrderRow } from '@dakiya/shared';
import { LuPackageX } from 'react-icons/lu';
import { splitCancellable } from '../use-cancel-bookings';

export interface SelectionBarProps {
  selected: readonly OrderRow[];
  onClear(): void;
  canCancel: boolean;
  onCancel(): void;
  /** 'Cancelling 2 of 5…' while a cancel of the selection runs. */
  progress?: { done: number; of: number } | null;
}

/**
 * Chakra's action bar for the selected rows: how many, and what can be done with them (cancel several;
 * the airway bills follow with their issue). Kept across pages until cleared.
 */
export function SelectionBar({ selected, onClear, canCancel, onCancel, progress }: SelectionBarProps) {
  const { cancel } = splitCancellable(selected);
  return (
    <ActionBar.Root open={selected.length > 0} onOpenChange={(details) => { if (!details.open) onClear(); }} closeOnInteractOutside={false}>
      <Portal>
        <ActionBar.Positioner>
          <ActionBar.Content aria-label="Selected orders" data-testid="orders-selection">
            <ActionBar.SelectionTrigger data-testid="orders-selected">{selected.length} selected</ActionBar.SelectionTrigger>
            <ActionBar.Separator />
            {canCancel && (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                disabled={cancel.length === 0 || !!progress}
                loading={!!progress}
                loadingText={progress ? `Cancelling ${progress.done + 1} of ${progress.of}…` : undefined}
                onClick={onCancel}
                data-testid="orders-cancel-selected"
              >
                <LuPackageX aria-hidden /> {cancel.length === selected.length ? (cancel.length === 1 ? 'Cancel booking' : 'Cancel bookings') : `Cancel ${cancel.length} of them`}
              </Button>
            )}
            {canCancel && cancel.length === 0 && <Text textStyle="xs" color="fg.muted">None can be cancelled</Text>}
            <ActionBar.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Clear the selection" data-testid="orders-selection-clear" />
            </ActionBar.CloseTrigger>
          </ActionBar.Content>
        </ActionBar.Positioner>
      </Portal>
    </ActionBar.Root>
  );
}

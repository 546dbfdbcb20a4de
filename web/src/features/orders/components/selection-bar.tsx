import { ActionBar, Button, CloseButton, Portal, Text } from '@chakra-ui/react';
import type { LabelSource, OrderRow } from '@dakiya/shared';
import { LuPackageX, LuPrinter } from 'react-icons/lu';
import { splitCancellable } from '../use-cancel-bookings';

export interface SelectionBarProps {
  selected: readonly OrderRow[];
  onClear(): void;
  canCancel: boolean;
  onCancel(): void;
  /** 'Cancelling 2 of 5…' while a cancel of the selection runs. */
  progress?: { done: number; of: number } | null;
  /** The airway bills of the selected parcels that are not cancelled: Dakiya's, or the couriers' own labels. */
  onPrint(labels: LabelSource): void;
  printing: boolean;
}

/**
 * Chakra's action bar for the selected rows: how many, and what can be done with them (print their
 * airway bills, cancel several). Kept across pages until cleared.
 */
export function SelectionBar({ selected, onClear, canCancel, onCancel, progress, onPrint, printing }: SelectionBarProps) {
  const { cancel } = splitCancellable(selected);
  const printable = printableOf(selected);
  return (
    <ActionBar.Root open={selected.length > 0} onOpenChange={(details) => { if (!details.open) onClear(); }} closeOnInteractOutside={false}>
      <Portal>
        <ActionBar.Positioner>
          {/* a phone is narrower than the bar's row: it wraps, centred, instead of running off both sides */}
          <ActionBar.Content aria-label="Selected orders" flexWrap="wrap" justifyContent="center" rowGap="2" maxW="calc(100vw - 1rem)" data-testid="orders-selection">
            <ActionBar.SelectionTrigger data-testid="orders-selected">{selected.length} selected</ActionBar.SelectionTrigger>
            <ActionBar.Separator />
            <Button size="sm" variant="outline" disabled={printable.length === 0} loading={printing} loadingText="Printing…" onClick={() => onPrint('dakiya')} data-testid="orders-print-selected">
              <LuPrinter aria-hidden /> {printable.length === selected.length ? 'Print airway bills' : `Print ${printable.length} airway bills`}
            </Button>
            <Button size="sm" variant="ghost" disabled={printable.length === 0 || printing} onClick={() => onPrint('courier')} data-testid="orders-print-courier">
              Courier&apos;s own labels
            </Button>
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

/** The selected parcels a bill can be printed for: every one not cancelled. */
export function printableOf(selected: readonly OrderRow[]): string[] {
  return selected.flatMap((row) => (row.kind === 'booking' && row.tracking_number && row.booked_packet_status !== 'CANCELLED' ? [row.tracking_number] : []));
}

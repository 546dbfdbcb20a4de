import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { LuChevronDown, LuPrinter } from 'react-icons/lu';
import { labelParts, usePrintBills } from '../../../lib/print-bills';

export interface PrintButtonsProps {
  trackingNumbers: readonly string[];
  /** The first button's words: Dakiya's one layout for every courier. */
  billsLabel: string;
  /** The second's: the couriers' own labels. */
  labelsLabel: string;
  /** `post-booking` gives `post-booking-print`, `post-booking-print-courier`, `post-booking-print-error`, `post-booking-print-note`. */
  testId: string;
}

/**
 * Dakiya's airway bills and, beside them, the couriers' own labels, as on the orders list's selection. The
 * couriers' labels print LABELS_AT_ONCE at a time, so a longer list offers its parts in a menu. A parcel its
 * courier gives no label for comes on Dakiya's bill in the same PDF, and the line under the buttons says why.
 */
export function PrintButtons({ trackingNumbers, billsLabel, labelsLabel, testId }: PrintButtonsProps) {
  const { print, printing, error, note } = usePrintBills();
  const parts = labelParts(trackingNumbers);
  return (
    <>
      {error && <Text textStyle="sm" color="fg.error" role="alert" data-testid={`${testId}-print-error`}>{error}</Text>}
      {note && <Text textStyle="sm" color="fg.warning" role="status" data-testid={`${testId}-print-note`}>{note}</Text>}
      <Button variant="outline" size="sm" loading={printing} onClick={() => void print(trackingNumbers)} data-testid={`${testId}-print`}>
        <LuPrinter /> {billsLabel}
      </Button>
      {parts.length <= 1 ? (
        <Button variant="ghost" size="sm" disabled={printing} onClick={() => void print(trackingNumbers, 'courier')} data-testid={`${testId}-print-courier`}>
          {labelsLabel}
        </Button>
      ) : (
        <Menu.Root positioning={{ placement: 'top-end' }}>
          <Menu.Trigger asChild>
            <Button variant="ghost" size="sm" disabled={printing} data-testid={`${testId}-print-courier`}>
              {labelsLabel} <LuChevronDown aria-hidden />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="56" data-testid={`${testId}-print-courier-parts`}>
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>{parts[0]!.trackingNumbers.length} at a time</Menu.ItemGroupLabel>
                  {parts.map((part) => (
                    <Menu.Item key={part.from} value={String(part.from)} onSelect={() => void print(part.trackingNumbers, 'courier')} data-testid={`${testId}-print-courier-${part.from}`}>
                      Parcels {part.from}–{part.to}
                    </Menu.Item>
                  ))}
                </Menu.ItemGroup>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
    </>
  );
}

import { Badge, Button, chakra, Checkbox, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { OrderRow } from '@dakiya/shared';
import type { MouseEvent, ReactNode } from 'react';
import { LuExternalLink, LuPackageX } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { ShareTracking } from '../../../components/ui/share-tracking';
import { rowKey, rowText, type RowText } from '../order-row';
import { AttentionBadge, BookedDays, CourierBadge, PaymentBadge, StatusBadge } from './order-badges';

export interface OrdersListProps {
  rows: OrderRow[];
  now: Date;
  timeZone?: string;
  /** Rows can be selected (someone who may act on a selection). */
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle(row: OrderRow): void;
  onTogglePage(): void;
  /** Offers Cancel on rows that allow it (WRITE_ORDERS). */
  canCancel: boolean;
  cancelling?: string;
  onCancel(row: OrderRow): void;
  /** Opens the Order Tracking Info modal. */
  onOpen(row: OrderRow): void;
}

/** Clicks on a row's own controls do their own thing, not open the modal. */
export const own = (e: MouseEvent) => e.stopPropagation();

/** The spec §2 columns, in its order, on a desktop. */
const COLUMNS = [
  'Order id', 'Track number', 'Courier', 'Booking date', 'Cash on delivery', 'Destination', 'Status', 'Payment status',
  'Delivered date', 'Booked by', 'Days', 'Track', 'Cancel', 'Booked days', 'Tags',
] as const;

export function OrdersTable({ rows, now, timeZone, selectable, selected, onToggle, onTogglePage, canCancel, cancelling, onCancel, onOpen }: OrdersListProps) {
  const keys = rows.map(rowKey);
  const all = keys.length > 0 && keys.every((k) => selected.has(k));
  const some = keys.some((k) => selected.has(k));
  // the order's name stays in view while the other columns scroll under it
  const sticky = { position: 'sticky', zIndex: 1, bg: 'inherit' } as const;
  const nameLeft = selectable ? '10' : '0';
  return (
    // at most a screen high, so its sideways scrollbar is in view, with the column names kept above the rows
    <Table.ScrollArea data-testid="orders-table-scroll" maxH="calc(100dvh - 14rem)">
      <Table.Root
        size="sm"
        interactive
        stickyHeader
        data-testid="orders-table"
        css={{ '& td, & th': { px: '2', whiteSpace: 'nowrap' }, '& th': { whiteSpace: 'normal', lineHeight: 'short', verticalAlign: 'bottom' } }}
      >
        <Table.Header>
          <Table.Row bg="bg.muted">
            {selectable && (
              <Table.ColumnHeader w="10" minW="10" left="0" {...sticky} zIndex={2}>
                <Checkbox.Root size="sm" checked={all ? true : some ? 'indeterminate' : false} onCheckedChange={onTogglePage} aria-label="Select every order on this page" data-testid="orders-select-page">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
            )}
            {COLUMNS.map((c, i) => (
              <Table.ColumnHeader
                key={c}
                textAlign={c === 'Cash on delivery' || c === 'Days' ? 'end' : undefined}
                color="fg.muted"
                fontWeight="semibold"
                minW={c.length > 12 ? '20' : undefined}
                {...(i === 0 ? { ...sticky, zIndex: 2, left: nameLeft, boxShadow: 'inset -1px 0 0 var(--chakra-colors-border-muted)' } : {})}
              >
                {c}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const key = rowKey(row);
            const t = rowText(row, now, timeZone);
            const opens = !t.awaitingCheck;
            return (
              <Table.Row
                key={key}
                data-testid={`order-row-${key}`}
                data-selected={selected.has(key) || undefined}
                onClick={opens ? () => onOpen(row) : undefined}
                cursor={opens ? 'pointer' : undefined}
                bg={selected.has(key) ? 'brand.subtle' : 'app.surface'}
              >
                {selectable && (
                  <Table.Cell onClick={own} left="0" {...sticky}>
                    <RowCheckbox row={row} checked={selected.has(key)} onToggle={onToggle} />
                  </Table.Cell>
                )}
                <Table.Cell left={nameLeft} {...sticky} boxShadow="inset -1px 0 0 var(--chakra-colors-border-muted)">
                  <OrderName row={row} text={t} onOpen={opens ? () => onOpen(row) : undefined} />
                </Table.Cell>
                <Table.Cell><TrackNumber text={t} /></Table.Cell>
                <Table.Cell><CourierBadge company={row.tracking_account.company} /></Table.Cell>
                <Table.Cell color="fg.muted">{t.bookingDate}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">{t.cod}</Table.Cell>
                <Table.Cell maxW="36" truncate title={t.destination}>{t.destination}</Table.Cell>
                <Table.Cell data-testid={`order-status-${key}`}><StatusBadge status={row.booked_packet_status} /></Table.Cell>
                <Table.Cell><PaymentBadge status={row.payment_status} /></Table.Cell>
                <Table.Cell color="fg.muted">{t.deliveredDate}</Table.Cell>
                <Table.Cell title={t.bookedByName || undefined}>{t.bookedBy}</Table.Cell>
                <Table.Cell textAlign="end">{t.days}</Table.Cell>
                <Table.Cell onClick={own}>
                  <HStack gap="1"><TrackLink row={row} />{canCancel && <EmailLink row={row} />}</HStack>
                </Table.Cell>
                <Table.Cell onClick={own}>
                  {canCancel && row.cancellable && <CancelButton row={row} busy={cancelling === row.tracking_number} disabled={!!cancelling} onCancel={onCancel} />}
                </Table.Cell>
                <Table.Cell><BookedDays days={t.bookedDays} /></Table.Cell>
                <Table.Cell><Tags row={row} /></Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export function RowCheckbox({ row, checked, onToggle }: { row: OrderRow; checked: boolean; onToggle(row: OrderRow): void }) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={() => onToggle(row)} aria-label={`Select ${row.order_name}`} data-testid={`order-select-${rowKey(row)}`}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/**
 * The order's name, struck through when its booking was cancelled. It is also the keyboard's way into
 * the tracking modal: a row is not focusable, its name is.
 */
export function OrderName({ row, text, onOpen }: { row: OrderRow; text: RowText; onOpen?: () => void }) {
  const name = (
    <Text as="span" fontWeight="semibold" textDecoration={text.struck ? 'line-through' : undefined} color={text.struck ? 'fg.muted' : undefined} data-testid={`order-name-${rowKey(row)}`}>
      {text.orderName}
    </Text>
  );
  return (
    <HStack gap="2">
      {onOpen ? (
        <chakra.button
          type="button"
          textAlign="start"
          onClick={(e: MouseEvent) => { e.stopPropagation(); onOpen(); }}
          aria-label={`Tracking info of ${text.orderName}`}
          _hover={{ textDecoration: 'underline' }}
          focusRingColor="brand.focusRing"
          borderRadius="sm"
        >
          {name}
        </chakra.button>
      ) : name}
      <AttentionBadge marks={row.attention} />
    </HStack>
  );
}

export function TrackNumber({ text }: { text: RowText }) {
  return text.awaitingCheck
    ? <Text as="span" color="fg.warning" fontWeight="medium">{text.trackNumber}</Text>
    : <Text as="span" fontFamily="mono" textStyle="xs">{text.trackNumber}</Text>;
}

/** Spec §2: Track goes to the public tracking page (/track/{tracking_number}), in a new tab. */
export function TrackLink({ row }: { row: OrderRow }) {
  if (!row.tracking_number) return null;
  return (
    <Button asChild size="2xs" variant="outline" data-testid={`order-track-${row.tracking_number}`}>
      <Link to={paths.track(row.tracking_number)} target="_blank" rel="noopener" aria-label={`Track ${row.tracking_number} (opens in a new tab)`}>
        Track <LuExternalLink aria-hidden />
      </Link>
    </Button>
  );
}

/** A row's 'Email tracking link' (WRITE_ORDERS); WhatsApp needs the phone, which the tracking modal has. */
export function EmailLink({ row }: { row: OrderRow }) {
  if (row.kind !== 'booking' || !row.tracking_number || row.booked_packet_status === 'CANCELLED') return null;
  return <ShareTracking size="2xs" orderId={row._id} trackingNumber={row.tracking_number} orderName={row.order_name} canEmail />;
}

export function CancelButton({ row, busy, disabled, onCancel }: { row: OrderRow; busy: boolean; disabled: boolean; onCancel(row: OrderRow): void }) {
  return (
    <Button size="2xs" variant="outline" colorPalette="red" loading={busy} disabled={disabled} onClick={() => onCancel(row)} aria-label={`Cancel ${row.tracking_number}`} data-testid={`order-cancel-${row.tracking_number}`}>
      <LuPackageX aria-hidden /> Cancel
    </Button>
  );
}

export function Tags({ row }: { row: OrderRow }): ReactNode {
  if (!row.tag) return <Text as="span" color="fg.muted">—</Text>;
  return (
    <Stack direction="row" gap="1">
      {row.tag.split(',').map((tag) => tag.trim()).filter(Boolean).map((tag) => (
        <Badge key={tag} variant="outline" size="sm">{tag}</Badge>
      ))}
    </Stack>
  );
}

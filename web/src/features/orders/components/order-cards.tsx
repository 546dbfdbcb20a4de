import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { rowKey, rowText } from '../order-row';
import { BookedDays, CourierBadge, PaymentBadge, StatusBadge } from './order-badges';
import { CancelButton, EmailLink, OrderName, own, RowCheckbox, Tags, TrackLink, TrackNumber, type OrdersListProps } from './orders-table';

/** On a phone every order is a card with the same facts as a row of the table (spec §2 columns). */
export function OrderCards({ rows, now, timeZone, selectable, selected, onToggle, canCancel, cancelling, onCancel, onOpen }: OrdersListProps) {
  return (
    <Stack gap="0" data-testid="orders-cards" separator={<Box borderTopWidth="1px" borderColor="border.muted" />}>
      {rows.map((row) => {
        const key = rowKey(row);
        const t = rowText(row, now, timeZone);
        const opens = !t.awaitingCheck;
        const cancel = canCancel && row.cancellable;
        return (
          <HStack
            key={key}
            gap="3"
            p="4"
            align="flex-start"
            data-testid={`order-row-${key}`}
            data-selected={selected.has(key) || undefined}
            bg={selected.has(key) ? 'brand.subtle' : undefined}
            onClick={opens ? () => onOpen(row) : undefined}
            cursor={opens ? 'pointer' : undefined}
          >
            {selectable && (
              <Box onClick={own} pt="0.5">
                <RowCheckbox row={row} checked={selected.has(key)} onToggle={onToggle} />
              </Box>
            )}
            <Stack gap="2" flex="1" minW="0">
              <HStack justify="space-between" gap="2" align="flex-start">
                <OrderName row={row} text={t} onOpen={opens ? () => onOpen(row) : undefined} />
                <Box data-testid={`order-status-${key}`} flexShrink={0}><StatusBadge status={row.booked_packet_status} /></Box>
              </HStack>
              <HStack gap="2" wrap="wrap">
                <TrackNumber text={t} />
                <CourierBadge company={row.tracking_account.company} />
              </HStack>
              <HStack justify="space-between" gap="2" textStyle="sm">
                <Text truncate>{t.destination}</Text>
                <Text fontWeight="semibold" whiteSpace="nowrap">{t.cod}</Text>
              </HStack>
              <Text textStyle="xs" color="fg.muted">
                Booked {t.bookingDate}{t.bookedBy !== 'N/A' ? ` by ${t.bookedBy}` : ''}
                {row.delivered_date ? ` · Delivered ${t.deliveredDate} (${t.days} ${t.days === '1' ? 'day' : 'days'})` : ''}
              </Text>
              <HStack gap="2" wrap="wrap" justify="space-between">
                <HStack gap="1.5" wrap="wrap">
                  <PaymentBadge status={row.payment_status} />
                  <BookedDays days={t.bookedDays} long />
                  {row.tag && <Tags row={row} />}
                </HStack>
                <HStack gap="2" onClick={own}>
                  <TrackLink row={row} />
                  {canCancel && <EmailLink row={row} />}
                  {cancel && <CancelButton row={row} busy={cancelling === row.tracking_number} disabled={!!cancelling} onCancel={onCancel} />}
                </HStack>
              </HStack>
            </Stack>
          </HStack>
        );
      })}
    </Stack>
  );
}

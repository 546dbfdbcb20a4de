import { Badge, Box, Text } from '@chakra-ui/react';
import type { BookingStatus, Courier, OrderAttention, PaymentStatus } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';
import { LuTriangleAlert } from 'react-icons/lu';
import { isLate } from '../order-row';
import { PAYMENT_LABELS, STATUS_LABELS } from '../orders-view';

const STATUS_PALETTES: Record<BookingStatus, string> = {
  FULFILLED: 'blue', INPROCESS: 'cyan', DELIVERED: 'green', CANCELLED: 'red', RTS: 'orange',
};

export function StatusBadge({ status, size = 'sm' }: { status: BookingStatus | null; size?: 'sm' | 'md' | 'lg' }) {
  if (!status) return <Text as="span" color="fg.muted" textStyle="sm">N/A</Text>;
  return <Badge colorPalette={STATUS_PALETTES[status]} variant="subtle" size={size} data-status={status}>{STATUS_LABELS[status]}</Badge>;
}

/** Spec §2: UNPAID unless the server says otherwise. */
export function PaymentBadge({ status }: { status: PaymentStatus | undefined }) {
  const value = status ?? 'UNPAID';
  return <Badge colorPalette={value === 'PAID' ? 'green' : 'gray'} variant={value === 'PAID' ? 'subtle' : 'outline'} size="sm">{PAYMENT_LABELS[value]}</Badge>;
}

/** The courier's name on its own colour (its definition's palette). */
export function CourierBadge({ company }: { company: Courier }) {
  const info = COURIER_BY_ID[company];
  return (
    <Badge colorPalette={info?.palette ?? 'gray'} variant="subtle" size="sm" fontWeight="semibold" whiteSpace="nowrap">
      <Box as="span" boxSize="1.5" borderRadius="full" bg="colorPalette.solid" aria-hidden />
      {info?.name ?? company}
    </Badge>
  );
}

/** Days since booking: highlighted past 3 (spec §9), nothing when hidden (cancelled, delivered). */
export function BookedDays({ days, long = false }: { days: number | null; long?: boolean }) {
  if (days === null) return null;
  const late = isLate(days);
  return (
    <Badge colorPalette={late ? 'red' : 'gray'} variant={late ? 'solid' : 'subtle'} size="sm" title={late ? 'Booked more than 3 days ago' : undefined} data-late={late || undefined}>
      {days} {days === 1 ? 'day' : 'days'}{long ? ' since booking' : ''}
    </Badge>
  );
}

/** What a person must act on, by the order's name (its message as the badge's title and for screen readers); a parcel only stuck says so. */
export function AttentionBadge({ marks }: { marks: readonly OrderAttention[] }) {
  if (marks.length === 0) return null;
  const text = marks.map((m) => m.message).join(' ');
  const stuck = marks.every((m) => m.reason === 'STUCK');
  return (
    <Badge colorPalette="orange" variant="subtle" size="sm" title={text} aria-label={`Needs attention: ${text}`} data-testid={stuck ? 'attention-stuck' : undefined}>
      <LuTriangleAlert aria-hidden /> {stuck ? 'Stuck' : 'Attention'}
    </Badge>
  );
}

import { Alert, Badge, Box, Button, Grid, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import type { BookingView } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';
import { useRef, useState } from 'react';
import { LuCheck, LuCopy, LuExternalLink, LuPackage, LuPackageX, LuRotateCcw, LuTriangleAlert, LuUser } from 'react-icons/lu';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api';
import { useHandleApiError, useUnauthorizedOnly } from '../../../lib/api-errors';
import { useFormRefusal } from '../../../lib/form-refusal';
import { formatCurrency, formatDateTime } from '../../../lib/format';
import { paths, withIds, withQuery } from '../../../lib/paths';
import { useApi } from '../../../lib/swr';
import { useConfirm } from '../../../components/ui/confirm';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { ShareTracking } from '../../../components/ui/share-tracking';
import { PageSkeleton } from '../../../components/ui/skeletons';
import { notifySuccess } from '../../../components/ui/toaster';
import { attentionText, bookingHeadline, canCancel, parcelPayment, STATUS_LABELS, WHO_CAN_CANCEL } from '../post-booking';
import { PrintButtons } from './print-buttons';

/**
 * /dashboard/post-booking?tracking= : the booking's page (spec's success page with its fulfilled
 * badge), reachable again from the store-orders page and the bulk results. Until the orders list
 * exists it offers Cancel and shows what needs the merchant's attention.
 */
export function PostBookingPage({ canWrite, timeZone }: { canWrite: boolean; timeZone?: string }) {
  const [searchParams] = useSearchParams();
  const tracking = (searchParams.get('tracking') ?? '').trim();
  const onError = useUnauthorizedOnly();
  const { data, error, isValidating, mutate } = useApi('booking.get', tracking ? { params: { trackingNumber: tracking } } : null, { onError, shouldRetryOnError: false });
  const booking = data?.booking;

  return (
    <Box maxW="5xl">
      <PageHeader
        title="Booking summary"
        titleAddon={booking && <StatusBadge booking={booking} />}
        subtitle={booking ? bookingHeadline(booking) : undefined}
        backTo={paths.dashboard.storeOrders()}
      />
      {!tracking ? (
        <Alert.Root status="warning" borderRadius="lg" data-testid="post-booking-missing">
          <Alert.Indicator />
          <Alert.Title>This link names no booking. Open a booking from your orders.</Alert.Title>
        </Alert.Root>
      ) : error ? (
        <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} testId="post-booking-error" instead={{ to: paths.dashboard.storeOrders(), label: 'Book orders' }} />
      ) : !booking ? (
        <PageSkeleton />
      ) : (
        <BookingDetails booking={booking} canWrite={canWrite} timeZone={timeZone} onChanged={() => void mutate()} />
      )}
    </Box>
  );
}

function StatusBadge({ booking }: { booking: BookingView }) {
  const palette = booking.status === 'CANCELLED' ? 'red' : booking.status === 'DELIVERED' ? 'green' : booking.status === 'RTS' ? 'orange' : 'blue';
  return (
    <HStack gap="2">
      <Badge size="lg" colorPalette={palette} variant="subtle" data-testid="post-booking-status">{STATUS_LABELS[booking.status]}</Badge>
      {booking.tag && <Badge size="lg" variant="outline" data-testid="post-booking-tag">{booking.tag}</Badge>}
    </HStack>
  );
}

function BookingDetails({ booking, canWrite, timeZone, onChanged }: { booking: BookingView; canWrite: boolean; timeZone?: string; onChanged(): void }) {
  const data = booking.postBookingData;
  const payment = parcelPayment(data.cod);
  const confirm = useConfirm();
  const handle = useHandleApiError();
  const [cancelling, setCancelling] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const refusal = useFormRefusal(actions);
  const cancel = async () => {
    const ok = await confirm({
      title: `Cancel ${booking.tracking_number}?`,
      message: `The courier booking is cancelled and ${booking.order_names.join(', ')} is unfulfilled on Shopify, so it can be booked again.`,
      confirmLabel: 'Cancel booking',
      cancelLabel: 'Keep it',
      destructive: true,
    });
    if (!ok) return;
    setCancelling(true);
    try {
      // the server's words: a parcel the courier had cancelled before is said so
      const answer = await api('booking.cancel', { params: { trackingNumber: booking.tracking_number } });
      refusal.clear();
      notifySuccess(answer.msg);
      onChanged();
    } catch (error) {
      handle(error);
      // a cancel the courier did not answer must be tried again: said by its button until it works
      refusal.refuse(error);
    } finally {
      setCancelling(false);
    }
  };
  const again = booking.order_ids.length > 1 ? withIds(paths.dashboard.mergeOrders(), booking.order_ids) : withQuery(paths.dashboard.bookOrder(), { id: booking.order_ids[0] });

  return (
    <Stack gap="5">
      {booking.attention.map((mark) => (
        <Alert.Root key={`${mark.reason}-${mark.at}`} status={canCancel(booking.status) ? 'warning' : 'info'} borderRadius="lg" data-testid="post-booking-attention">
          <Alert.Indicator><LuTriangleAlert /></Alert.Indicator>
          <Alert.Content>
            <Alert.Title>{attentionText(mark, { status: booking.status, canWrite })}</Alert.Title>
            <Alert.Description>{mark.order_name} · {formatDateTime(mark.at, { timeZone })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}

      <Box ref={actions} bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p={{ base: '4', md: '6' }} boxShadow="xs">
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="5" alignItems="center">
          <Stack gap="1">
            <Text textStyle="sm" color="fg.muted">Tracking number · {COURIER_BY_ID[data.courier].name} · {data.courierAccount}</Text>
            <HStack gap="2">
              <Text textStyle={{ base: 'xl', md: '2xl' }} fontWeight="bold" fontFamily="mono" data-testid="post-booking-tracking">{booking.tracking_number}</Text>
              <CopyButton text={booking.tracking_number} />
            </HStack>
            <Text textStyle="sm" color="fg.muted">
              {booking.order_names.join(', ')} · booked {formatDateTime(booking.booked_at, { timeZone })}{booking.booked_by.tag ? ` by ${booking.booked_by.tag}` : ''}
            </Text>
          </Stack>
          <HStack gap="2" justify={{ md: 'flex-end' }} wrap="wrap">
            <Button asChild variant="outline" size="sm">
              <Link to={paths.track(booking.tracking_number)} target="_blank"><LuExternalLink /> Track</Link>
            </Button>
            {booking.status !== 'CANCELLED' && <PrintButtons trackingNumbers={[booking.tracking_number]} billsLabel="Print airway bill" labelsLabel="Courier's own label" testId="post-booking" />}
            {booking.status !== 'CANCELLED' && (
              <ShareTracking orderId={booking._id} trackingNumber={booking.tracking_number} orderName={booking.order_names.join(', ')} phone={data.consignee.phone} canEmail={canWrite} />
            )}
            {canWrite && booking.cancellable && (
              <Button colorPalette="red" variant="outline" size="sm" loading={cancelling} onClick={() => void cancel()} data-testid="post-booking-cancel">
                <LuPackageX /> Cancel booking
              </Button>
            )}
            {booking.status === 'CANCELLED' && (
              <Button asChild colorPalette="brand" size="sm" data-testid="post-booking-book-again">
                <Link to={again}><LuRotateCcw /> Book again</Link>
              </Button>
            )}
          </HStack>
        </Grid>
        {!canWrite && booking.cancellable && (
          <Text textStyle="sm" color="fg.muted" mt="4" data-testid="post-booking-who-cancels">{WHO_CAN_CANCEL}</Text>
        )}
        <RefusalAlert refusal={refusal.refusal} onClose={refusal.clear} title={refusal.refusal?.tone === 'error' ? 'Not cancelled' : undefined} testId="post-booking-refusal" mt="4" />
      </Box>

      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
        <SectionCard title="Consignee" icon={<LuUser />}>
          <Stack gap="1" textStyle="sm" data-testid="post-booking-consignee">
            <Text fontWeight="semibold">{data.consignee.name}</Text>
            <Text data-testid="post-booking-phones">{[data.consignee.phone, data.consignee.phone2, data.consignee.phone3].filter(Boolean).join(' · ')}</Text>
            {data.consignee.email && <Text color="fg.muted">{data.consignee.email}</Text>}
            <Text>{data.consignee.address}</Text>
            <Text fontWeight="medium">{data.destination}</Text>
          </Stack>
        </SectionCard>
        <SectionCard title="Parcel" icon={<LuPackage />}>
          <Stack gap="3" textStyle="sm">
            <HStack justify="space-between"><Text color="fg.muted">{payment.label}</Text><Text fontWeight="semibold" data-testid="post-booking-cod">{payment.value}</Text></HStack>
            {data.remarks && <HStack justify="space-between" align="flex-start"><Text color="fg.muted">Remarks</Text><Text textAlign="end">{data.remarks}</Text></HStack>}
            <Stack gap="2">
              {data.lineItems.map((item, i) => (
                <HStack key={`${item.title}-${i}`} gap="3">
                  <ItemImage src={item.image} />
                  <Stack gap="0" flex="1" minW="0">
                    <Text truncate>{item.title}</Text>
                    {item.variant_title && <Text color="fg.muted" textStyle="xs">{item.variant_title}</Text>}
                  </Stack>
                  <Text whiteSpace="nowrap">{item.currentQuantity} × {formatCurrency(item.price)}</Text>
                </HStack>
              ))}
            </Stack>
          </Stack>
        </SectionCard>
      </Grid>
    </Stack>
  );
}

/** The product's picture from Shopify, or a parcel icon when it has none or it does not load. */
function ItemImage({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) return <Image src={src} alt="" boxSize="10" borderRadius="md" objectFit="cover" onError={() => setBroken(true)} />;
  return <Box boxSize="10" borderRadius="md" bg="bg.muted" display="grid" placeItems="center" color="fg.subtle" flexShrink={0}><LuPackage /></Box>;
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    }, () => undefined);
  };
  return (
    <IconButton variant="ghost" size="sm" aria-label="Copy the tracking number" onClick={copy}>
      {copied ? <LuCheck /> : <LuCopy />}
    </IconButton>
  );
}


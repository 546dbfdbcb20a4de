import { Alert, Box, Button, CloseButton, DataList, Dialog, Flex, Portal, Skeleton, Stack, Steps, Text, Timeline, useBreakpointValue } from '@chakra-ui/react';
import type { BookingStatus, OrderAttention, TrackOrderResult } from '@dakiya/shared';
import { useEffect, type ReactNode } from 'react';
import { LuCheck, LuExternalLink, LuMinus, LuPackage, LuRefreshCw, LuUndo2, LuX } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ShareTracking } from '../../../components/ui/share-tracking';
import { useOrderTracking } from '../api/use-order-tracking';
import { courierCheckNote, timelineOf, TRACKING_ERROR_NOTE, TRACKING_ERROR_TITLE, trackingSteps, type TrackingStep } from '../tracking';
import { CourierBadge, StatusBadge } from './order-badges';

export interface TrackingModalProps {
  /** The parcel shown; null: closed. */
  trackingNumber: string | null;
  /** The status the list showed: when opening the modal moved it (the courier was asked), the list reads again. */
  listedStatus: BookingStatus | null;
  onMoved(): void;
  onClose(): void;
  timeZone?: string;
  /** The booking's own id and order name, for sending its tracking link. */
  orderId?: string;
  orderName?: string;
  /** WRITE_ORDERS: the tracking link may be emailed. */
  canEmail?: boolean;
  /** What the list's row needs a person for ('Needs attention'): said here in full, since its badge only has room for a word. */
  attention?: readonly OrderAttention[];
}

/** Spec §2 "Order Tracking Info modal" (GET /track-order/{id}). */
export function TrackingModal({ trackingNumber, listedStatus, onMoved, onClose, timeZone, orderId, orderName, canEmail = false, attention = [] }: TrackingModalProps) {
  const { data, error, isLoading, isValidating, mutate } = useOrderTracking(trackingNumber);
  const result = data && data.order.track_number === trackingNumber ? data : undefined;
  // a phone gets the whole screen, and the steps one under another
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;

  useEffect(() => {
    if (result && listedStatus && result.status !== listedStatus) onMoved();
    // once per answer: the list's own refresh changes listedStatus to the same status
  }, [result]);

  return (
    <Dialog.Root open={!!trackingNumber} onOpenChange={(e) => { if (!e.open) onClose(); }} size={compact ? 'full' : 'lg'} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="tracking-modal">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Dialog.Title>Order Tracking Info</Dialog.Title>
              <Text textStyle="sm" color="fg.muted" fontFamily="mono" data-testid="tracking-modal-number">{trackingNumber}</Text>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            {/* a long timeline scrolls: focusable, so a keyboard can scroll it too */}
            <Dialog.Body tabIndex={0}>
              {attention.length > 0 && (
                <Alert.Root status="warning" borderRadius="lg" mb="4" data-testid="tracking-modal-attention">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>Needs attention</Alert.Title>
                    {attention.map((mark) => <Alert.Description key={`${mark.reason}-${mark.at}`}>{mark.message}</Alert.Description>)}
                  </Alert.Content>
                </Alert.Root>
              )}
              {error && !result ? (
                <TrackingError error={error} retrying={isValidating} onRetry={() => void mutate()} />
              ) : !result || isLoading ? (
                <TrackingSkeleton />
              ) : (
                <TrackingDetails result={result} timeZone={timeZone} compact={compact} />
              )}
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              {trackingNumber && (
                <ShareTracking orderId={orderId} trackingNumber={trackingNumber} orderName={orderName ?? trackingNumber} phone={result?.customer_phone} canEmail={canEmail} />
              )}
              {trackingNumber && (
                <Button asChild variant="outline" size="sm">
                  <Link to={paths.track(trackingNumber)} target="_blank" rel="noopener">Public tracking page <LuExternalLink aria-hidden /></Link>
                </Button>
              )}
              <Dialog.ActionTrigger asChild>
                <Button size="sm" colorPalette="brand">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function TrackingError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry(): void }) {
  const reason = isApiError(error) ? error.message : undefined;
  return (
    <Alert.Root status="warning" borderRadius="lg" alignItems="flex-start" data-testid="tracking-modal-error">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{TRACKING_ERROR_TITLE}</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            {reason && <Text data-testid="tracking-modal-error-reason">{reason}</Text>}
            <Text>{TRACKING_ERROR_NOTE}</Text>
            <Box>
              <Button size="sm" variant="outline" bg="bg" loading={retrying} onClick={onRetry} data-testid="tracking-modal-retry">
                <LuRefreshCw aria-hidden /> Try again
              </Button>
            </Box>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function TrackingSkeleton() {
  return (
    <Stack gap="4" aria-busy="true" data-testid="tracking-modal-loading">
      <Text textStyle="sm" color="fg.muted">Asking for the latest status…</Text>
      {[0, 1, 2, 3].map((i) => <Skeleton key={i} height="5" />)}
      <Skeleton height="16" />
    </Stack>
  );
}

function TrackingDetails({ result, timeZone, compact }: { result: TrackOrderResult; timeZone?: string; compact: boolean }) {
  const note = courierCheckNote(result, timeZone);
  const steps = trackingSteps(result.order.current_status);
  const events = timelineOf(result.order.details);
  const facts: [string, ReactNode, string][] = [
    ['Company', <CourierBadge key="c" company={result.company} />, 'company'],
    ['Order', result.order_name, 'order'],
    ['Booking date', formatDateTime(result.order.booking_date, { timeZone }), 'booking-date'],
    ['Consignee name', result.order.consignee_name || 'N/A', 'consignee'],
    ['Status', <StatusBadge key="s" status={result.status} size="md" />, 'status'],
    ['Phone', result.customer_phone || 'N/A', 'phone'],
    ['Destination', result.destination || 'N/A', 'destination'],
    ['Current courier status', result.current_courier_status ?? 'Not asked yet', 'courier-status'],
  ];

  return (
    <Stack gap="6">
      <DataList.Root orientation="horizontal" size="sm" gap="2.5">
        {facts.map(([label, value, id]) => (
          <DataList.Item key={id}>
            <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`tracking-modal-${id}`}>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Text textStyle="xs" color={note.tone === 'warning' ? 'fg.warning' : note.tone === 'info' ? 'fg.info' : 'fg.muted'} data-testid="tracking-modal-check">
        {note.text}
      </Text>

      {steps ? (
        <ProgressSteps steps={steps} vertical={compact} />
      ) : (
        <Alert.Root status="warning" variant="subtle" borderRadius="lg" data-testid="tracking-modal-returned">
          <Alert.Indicator><LuUndo2 /></Alert.Indicator>
          <Alert.Title>Returned to shipper: the parcel is coming back to you.</Alert.Title>
        </Alert.Root>
      )}

      <Stack gap="3">
        <Text fontWeight="semibold">Details</Text>
        {events.length === 0 ? (
          <Text textStyle="sm" color="fg.muted" data-testid="tracking-modal-no-events">No scans from the courier yet.</Text>
        ) : (
          <Timeline.Root size="sm" variant="subtle" data-testid="tracking-modal-timeline">
            {events.map((event, i) => (
              <Timeline.Item key={`${event.status_date}-${i}`}>
                <Timeline.Connector>
                  <Timeline.Separator />
                  <Timeline.Indicator bg={i === 0 ? 'brand.solid' : undefined} color={i === 0 ? 'brand.contrast' : undefined}>
                    <LuPackage />
                  </Timeline.Indicator>
                </Timeline.Connector>
                <Timeline.Content>
                  <Timeline.Title>{event.name}</Timeline.Title>
                  {event.status_message && event.status_message !== event.name && <Timeline.Description color="fg">{event.status_message}</Timeline.Description>}
                  <Timeline.Description>{formatDateTime(event.status_date, { timeZone })}</Timeline.Description>
                </Timeline.Content>
              </Timeline.Item>
            ))}
          </Timeline.Root>
        )}
      </Stack>
    </Stack>
  );
}

const STEP_ICONS = { done: <LuCheck />, skipped: <LuMinus />, current: null, upcoming: null } as const;

/** The 4 steps of spec §4 on Chakra's Steps; a step that can no longer happen is crossed out, not 'to come'. */
function ProgressSteps({ steps, vertical }: { steps: TrackingStep[]; vertical: boolean }) {
  const current = steps.findIndex((s) => s.state === 'current');
  const cancelled = steps[3]!.state === 'current';
  return (
    <Steps.Root
      step={current < 0 ? steps.length : current}
      count={steps.length}
      size="sm"
      orientation={vertical ? 'vertical' : 'horizontal'}
      gap={vertical ? '3' : undefined}
      colorPalette="brand"
      data-testid="tracking-modal-steps"
    >
      {/* a progress to read, not a wizard to click through: a list of its steps instead of the kit's tab list */}
      <Flex as="ol" aria-label="Progress" direction={vertical ? 'column' : 'row'} justify="space-between" align={vertical ? 'stretch' : 'center'} gap={vertical ? '3' : '2'} listStyleType="none">
        {steps.map((step, index) => (
          <Steps.Item as="li" key={step.label} index={index} data-state={step.state} data-testid={`tracking-step-${index + 1}`}>
            <Steps.Indicator
              {...(step.state === 'skipped' ? { bg: 'bg.muted', color: 'fg.muted', borderColor: 'border' } : {})}
              {...(step.state === 'current' && cancelled ? { colorPalette: 'red' } : {})}
              aria-label={`${step.label}: ${step.state}`}
            >
              {step.state === 'current' && cancelled ? <LuX /> : STEP_ICONS[step.state] ?? <Steps.Number />}
            </Steps.Indicator>
            <Steps.Title textDecoration={step.state === 'skipped' ? 'line-through' : undefined} color={step.state === 'skipped' ? 'fg.muted' : undefined}>
              {step.label}
            </Steps.Title>
            <Steps.Separator {...(steps[index + 1]?.state === 'skipped' || step.state === 'skipped' ? { bg: 'border' } : {})} />
          </Steps.Item>
        ))}
      </Flex>
    </Steps.Root>
  );
}

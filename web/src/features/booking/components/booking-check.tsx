import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ResolveBookedInput, type BookingCheck } from '@dakiya/shared';
import { useRef, useState } from 'react';
import { LuCircleCheck, LuCircleX } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api';
import { useFormRefusal, type Refusal } from '../../../lib/form-refusal';
import { paths, withQuery } from '../../../lib/paths';
import { useConfirm } from '../../../components/ui/confirm';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { checkNextStep, checkNotBookedWarning, checkSentAt, WHO_CAN_CHECK } from '../booking-check';

/**
 * An order whose booking lost the courier's answer at a courier Dakiya cannot ask (M&P, TCS): what to
 * look for on the courier's portal, and the two answers a person gives, "It was booked" (with the
 * tracking number) or "It was not booked" (after a confirmation saying what happens if it was).
 */
export function BookingCheckPanel({ orderId, check, canResolve, timeZone, onReleased }: {
  orderId: string; check: BookingCheck; canResolve: boolean;
  /** The shop's IANA zone (Asia/Karachi): when the attempt was sent, on the clock the shop works by. */
  timeZone?: string;
  /** The order is free to book again: the page shows the form. */
  onReleased(): void;
}) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const form = useRef<HTMLFormElement>(null);
  const refusal = useFormRefusal(form);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [busy, setBusy] = useState<'booked' | 'not-booked' | null>(null);
  // a merge is one parcel of several orders: the check speaks of the parcel, in the singular
  const names = check.order_names.length > 1 ? `the parcel of ${check.order_names.join(', ')}` : check.order_names.join(', ');

  const saveBooked = async () => {
    const parsed = ResolveBookedInput.safeParse({ tracking_number: trackingNumber });
    if (!parsed.success) {
      refusal.refuseFields({ tracking_number: parsed.error.issues[0]?.message });
      return;
    }
    setBusy('booked');
    try {
      const result = await api('booking.checkBooked', { params: { orderId }, body: parsed.data });
      notifySuccess(result.msg);
      navigate(withQuery(paths.dashboard.postBooking(), { tracking: result.booking.tracking_number }));
    } catch (error) {
      refusal.refuse(error);
    } finally {
      setBusy(null);
    }
  };

  const saveNotBooked = async () => {
    const yes = await confirm({
      title: `Did ${check.courier} not book ${names}?`, message: checkNotBookedWarning(check), confirmLabel: 'It was not booked', cancelLabel: 'Go back', destructive: true,
    });
    if (!yes) return;
    setBusy('not-booked');
    try {
      const result = await api('booking.checkNotBooked', { params: { orderId }, body: { confirmed: true } });
      notifySuccess(result.msg);
      refusal.clear();
      onReleased();
    } catch (error) {
      refusal.refuse(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="4" p={{ base: '4', md: '5' }} borderWidth="1px" borderRadius="xl" bg="bg" data-testid="booking-check">
      <Alert.Root status="warning" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Check with {check.courier}: was {names} booked?</Alert.Title>
          <Alert.Description>
            {check.courier} did not answer when {names} was sent on <Text as="span" data-testid="booking-check-sent-at">{checkSentAt(check, timeZone)}</Text> with the account {check.account_name}, and Dakiya
            cannot ask {check.courier} about it. Look for the reference <Text as="span" fontWeight="semibold" data-testid="booking-check-reference">{check.reference}</Text> on
            {' '}{check.courier}&apos;s portal, {checkNextStep(canResolve)}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {canResolve ? (
        <Stack asChild gap="4">
          <form ref={form} onSubmit={(e) => { e.preventDefault(); void saveBooked(); }} noValidate>
            <Box maxW="sm">
              <TextField
                label={`Tracking number ${check.courier} shows`} name="tracking_number" value={trackingNumber} onChange={setTrackingNumber}
                error={refusal.refusal?.fieldErrors.tracking_number} testId="booking-check-tracking" autoComplete="off"
                helper="Dakiya checks it with the courier, then fulfils the order on Shopify with it."
              />
            </Box>
            <HStack gap="3" wrap="wrap">
              <Button type="submit" colorPalette="brand" loading={busy === 'booked'} disabled={busy !== null} data-testid="booking-check-booked">
                <LuCircleCheck /> It was booked
              </Button>
              <Button variant="outline" colorPalette="red" loading={busy === 'not-booked'} disabled={busy !== null} onClick={() => void saveNotBooked()} data-testid="booking-check-not-booked">
                <LuCircleX /> It was not booked
              </Button>
            </HStack>
            {/* a refusal of the number alone is said under the field; the summary is kept for the others, or to offer its link */}
            <RefusalAlert refusal={onlyAboutNumber(refusal.refusal) ? null : refusal.refusal} onClose={refusal.clear} title="Nothing was recorded" testId="booking-check-refusal" />
          </form>
        </Stack>
      ) : (
        <Text textStyle="sm" color="fg.muted" data-testid="booking-check-who">{WHO_CAN_CHECK}</Text>
      )}
    </Stack>
  );
}

const onlyAboutNumber = (refusal: Refusal | null) => !!refusal && !refusal.link && refusal.fields.length === 1 && refusal.fields[0] === 'tracking_number';

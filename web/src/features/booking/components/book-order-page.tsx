import { Alert, Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ShopifyOrderId, type OrderLookup, type TrackingAccount } from '@dakiya/shared';
import { useEffect, useState } from 'react';
import { LuArrowRight, LuPlus, LuRefreshCw } from 'react-icons/lu';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../lib/api';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { refusalOf, type Refusal } from '../../../lib/form-refusal';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { codeWords, formatCurrency } from '../../../lib/format';
import { createAccountThenBack, paths, withQuery } from '../../../lib/paths';
import { isFinalLoadError } from '../../../components/ui/load-error-alert';
import { useApi } from '../../../lib/swr';
import { NoTrackingAccountDialog } from '../../../components/ui/no-tracking-account-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { PlanLimitDialog } from '../../../components/ui/plan-limit-dialog';
import { PageSkeleton } from '../../../components/ui/skeletons';
import { bookRefusalTitle, formFromLookup, loadBanner, preselectedAccount, type BookBody } from '../book-form';
import { useBookOrder } from '../use-book-order';
import { BookingForm } from './booking-form';
import { BookingCheckPanel } from './booking-check';
import { checkHeading } from '../booking-check';

/** /dashboard/order/book?id= (spec §2 "Book Order"): the form prefilled from Shopify, then the booking's page. */
export function BookOrderPage({ canUpgrade, canResolve, timeZone }: {
  canUpgrade: boolean;
  /** ADMIN or WRITE_ORDERS: may say whether the courier booked an order whose answer was lost. */
  canResolve: boolean;
  /** The shop's IANA zone: the check says when the attempt was sent on the shop's clock, not the browser's. */
  timeZone?: string;
}) {
  const [searchParams] = useSearchParams();
  const parsed = ShopifyOrderId.safeParse(searchParams.get('id') ?? '');
  const id = parsed.success ? parsed.data : null;
  const onError = useUnauthorizedOnly();
  const lookup = useApi('storeOrders.get', id ? { params: { id } } : null, { onError, revalidateOnFocus: false, shouldRetryOnError: false });
  const accounts = useApi('accounts.active', {}, { onError, revalidateOnFocus: false });
  // the refusal that turned the form into the check: kept above the check panel until closed or the page is
  // left (the merge page sends its own here, since the check lives on each order's booking page)
  const location = useLocation();
  const [checkRefusal, setCheckRefusal] = useState<Refusal | null>(() => (location.state as { checkRefusal?: Refusal } | null)?.checkRefusal ?? null);
  const navigate = useNavigate();
  // taken once: a reload or a later visit through history starts without it, as after a refusal made here
  useEffect(() => {
    if ((location.state as { checkRefusal?: Refusal } | null)?.checkRefusal) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, []);

  /**
   * Book was answered 'check with the courier': the order now waits for a person's check, so the page
   * shows what a reload would (the check in place of the form, no second Book), with the refusal above it.
   * False when the order does not read as waiting after all: the form then shows the refusal itself.
   */
  const turnToCheck = async (error: unknown): Promise<boolean> => {
    const fresh = await lookup.mutate().catch(() => undefined);
    if (!fresh?.check_needed) return false;
    setCheckRefusal(refusalOf(error));
    return true;
  };

  return (
    <Box maxW="5xl">
      <PageHeader
        {...pageHeading(lookup.data?.check_needed)}
        titleAddon={lookup.data && <Badge size="lg" variant="subtle" colorPalette="brand" data-testid="book-order-name">{lookup.data.order_name}</Badge>}
        backTo={paths.dashboard.storeOrders()}
      />
      {!id ? (
        <LoadBanner tone="warning" message="Invalid id entered" detail="This link does not name a Shopify order. Choose the order from your store's orders." />
      ) : lookup.error ? (
        <LookupFailed error={lookup.error} retrying={lookup.isValidating} onRetry={() => void lookup.mutate()} />
      ) : accounts.error ? (
        <LoadBanner tone="warning" message={accounts.error.message} onRetry={() => void accounts.mutate()} retrying={accounts.isValidating} />
      ) : !lookup.data || !accounts.data ? (
        <PageSkeleton />
      ) : (
        lookup.data.check_needed ? (
          <Stack gap="4">
            <RefusalAlert refusal={checkRefusal} onClose={() => setCheckRefusal(null)} title={checkRefusal ? bookRefusalTitle(checkRefusal) : undefined} testId="book-refusal" />
            <BookingCheckPanel
              orderId={lookup.data.order_id} check={lookup.data.check_needed} canResolve={canResolve} timeZone={timeZone}
              onReleased={() => { setCheckRefusal(null); void lookup.mutate(); }}
            />
          </Stack>
        ) : (
          <Ready lookup={lookup.data} accounts={accounts.data.accounts} canUpgrade={canUpgrade} onCheckNeeded={turnToCheck} />
        )
      )}
    </Box>
  );
}

/** The page's heading: the booking form's, or what is being checked when the order waits for a courier check. */
function pageHeading(check: OrderLookup['check_needed']): { title: string; subtitle: string } {
  if (check) return checkHeading(check);
  return {
    title: 'Book order',
    subtitle: 'Check the details from Shopify, choose the courier account and book. Dakiya fulfils the order on Shopify with the tracking number.',
  };
}

function Ready({ lookup, accounts, canUpgrade, onCheckNeeded }: {
  lookup: OrderLookup; accounts: TrackingAccount[]; canUpgrade: boolean;
  /** The courier's answer was lost at a courier Dakiya cannot ask: true when the page now shows the check instead. */
  onCheckNeeded(error: unknown): Promise<boolean>;
}) {
  const accountId = preselectedAccount(accounts);
  const [noAccountOpen, setNoAccountOpen] = useState(!accountId);
  const book = useBookOrder();
  const navigate = useNavigate();
  const createTo = useCreateAccountThenBack();
  if (!accountId) return <NoAccount open={noAccountOpen} onClose={() => setNoAccountOpen(false)} />;
  const initial = formFromLookup(lookup, accountId, accounts.find((a) => a._id === accountId));

  const submit = async (body: BookBody) => {
    const outcome = await book.submit(body);
    if (outcome.kind === 'booked') navigate(outcome.to);
    if (outcome.kind !== 'refused') return undefined;
    // Book stays busy until the page has turned to the check, so it cannot be pressed a second time
    if (isApiError(outcome.error) && outcome.error.code === 'COURIER_CHECK_NEEDED' && await onCheckNeeded(outcome.error)) return undefined;
    return outcome.error;
  };

  return (
    <Stack gap="5">
      <OrderSummary lookup={lookup} />
      {book.fulfilled && <LoadBanner tone="success" message={book.fulfilled} />}
      <BookingForm initial={initial} accounts={accounts} storeWeight={lookup.weight} orderWeight={lookup.order_weight} orderId={lookup.order_id} onSubmit={submit} submitLabel="Book order" />
      <PlanLimitDialog message={book.planLimit} onClose={book.closePlanLimit} canUpgrade={canUpgrade} />
      <NoTrackingAccountDialog open={book.noAccount} onClose={book.closeNoAccount} createTo={createTo} />
    </Stack>
  );
}

function OrderSummary({ lookup }: { lookup: OrderLookup }) {
  const data = lookup.orderData;
  return (
    <HStack gap="6" wrap="wrap" px="4" py="3" bg="bg.muted" borderRadius="lg" textStyle="sm" data-testid="book-order-summary">
      <Text>Total <Text as="span" fontWeight="semibold">{formatCurrency(data.total)}</Text></Text>
      <Text>Still owed <Text as="span" fontWeight="semibold">{formatCurrency(data.outstanding)}</Text></Text>
      <Text>Shipping <Text as="span" fontWeight="semibold">{formatCurrency(data.shipping)}</Text>{lookup.free_shipping_applied && ' (free over your free-shipping value: not collected)'}</Text>
      <Text>Payment <Text as="span" fontWeight="semibold">{data.financial_status === 'PENDING' ? 'Cash on delivery' : data.financial_status ? codeWords(data.financial_status) : '—'}</Text></Text>
      {data.line_items_truncated && <Text color="orange.fg">Shopify has more items than shown: check the products list.</Text>}
    </HStack>
  );
}

/** Create account, then back to this booking screen (its address as it is now) once the account exists. */
export function useCreateAccountThenBack(): string {
  const { pathname, search } = useLocation();
  return createAccountThenBack(`${pathname}${search}`);
}

/** 'Action Required: No Tracking Account Found.' in the page, and the spec's modal over it; both come back here. */
export function NoAccount({ open, onClose }: { open: boolean; onClose(): void }) {
  const createTo = useCreateAccountThenBack();
  return (
    <>
      <Alert.Root status="warning" borderRadius="lg" data-testid="book-no-account">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Action Required: No Tracking Account Found.</Alert.Title>
          <Alert.Description>Add an active courier account to book orders.</Alert.Description>
        </Alert.Content>
        <Button asChild size="sm" colorPalette="brand">
          <Link to={createTo}><LuPlus /> Create Account</Link>
        </Button>
      </Alert.Root>
      <NoTrackingAccountDialog open={open} onClose={onClose} createTo={createTo} />
    </>
  );
}

function LookupFailed({ error, onRetry, retrying }: { error: unknown; onRetry(): void; retrying: boolean }) {
  const banner = loadBanner(error);
  // a fulfilled order is done, and an unknown or cancelled one will not change by asking again
  const final = banner.tone === 'success' || isFinalLoadError(error) || banner.code === 'ORDER_CANCELLED';
  return <LoadBanner tone={banner.tone} message={banner.message} onRetry={final ? undefined : onRetry} retrying={retrying} trackingNumber={banner.trackingNumber} />;
}

export function LoadBanner({ tone, message, detail, onRetry, retrying, trackingNumber }: {
  tone: 'success' | 'warning'; message: string; detail?: string; onRetry?(): void; retrying?: boolean;
  /** An order Dakiya booked: the banner leads to that booking's page (track or cancel it there). */
  trackingNumber?: string;
}) {
  return (
    <Alert.Root status={tone} borderRadius="lg" alignItems="center" flexWrap="wrap" rowGap="3" data-testid="book-load-banner" data-tone={tone}>
      <Alert.Indicator />
      <Alert.Content minW="48">
        <Alert.Title data-testid="book-load-banner-message">{message}</Alert.Title>
        {detail && <Alert.Description>{detail}</Alert.Description>}
      </Alert.Content>
      <HStack gap="2">
        {onRetry && (
          <Button size="sm" variant="outline" bg="bg" loading={retrying} onClick={onRetry} data-testid="book-load-retry">
            <LuRefreshCw /> Try again
          </Button>
        )}
        {trackingNumber && (
          <Button asChild size="sm" colorPalette="brand" data-testid="book-load-booking">
            <Link to={withQuery(paths.dashboard.postBooking(), { tracking: trackingNumber })}>Open the booking <LuArrowRight /></Link>
          </Button>
        )}
        <Button asChild size="sm" variant="outline" bg="bg">
          <Link to={paths.dashboard.storeOrders()}>Store orders <LuArrowRight /></Link>
        </Button>
      </HStack>
    </Alert.Root>
  );
}

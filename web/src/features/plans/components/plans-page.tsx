import { Grid, Stack } from '@chakra-ui/react';
import { PLANS, type PlanId, type SubscriptionStatus } from '@dakiya/shared';
import { useState } from 'react';
import { LuCircleCheck, LuCircleX } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api';
import { useHandleApiError, useUnauthorizedOnly } from '../../../lib/api-errors';
import { useApi } from '../../../lib/swr';
import { useConfirm } from '../../../components/ui/confirm';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { NoticeDialog } from '../../../components/ui/notice-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { PageSkeleton } from '../../../components/ui/skeletons';
import { notifySuccess } from '../../../components/ui/toaster';
import { cancelMessage, cardAction, declinedMessage, returnOutcome, returnParams, RETURN_FAILED_MESSAGE, stillOnMessage, SUBSCRIBED_MESSAGE, type Plan } from '../plans';
import { PlanCard } from './plan-card';
import { ReactivateChoices, type Choices } from './reactivate-choices';
import { UsageCard } from './usage-card';

/** Where the browser goes to approve the charge (a seam for nothing but the page itself: Shopify's page is top-level). */
function leaveFor(url: string) {
  window.location.assign(url);
}

/**
 * /dashboard/plans (spec 000 §2 Pricing page, ADMIN): the plan Shopify says, this month's orders, the
 * three plans. Subscribing leaves for Shopify's approval page; coming back (`?success=&charge_id=`)
 * only makes the page ask the server to check with Shopify, and the status dialog says what it found.
 */
export function PlansPage({ timeZone }: { timeZone?: string }) {
  const [search, setSearch] = useSearchParams();
  // read once: closing the dialog clears the address, the check it asked for stays the same
  const [back] = useState(() => returnParams(search));
  const onError = useUnauthorizedOnly();
  const { data, error, isLoading, isValidating, mutate } = useApi(
    'billing.check', { query: back?.chargeId ? { charge_id: back.chargeId } : {} }, { onError, revalidateOnFocus: false },
  );
  const [dismissed, setDismissed] = useState(false);
  const outcome = back && data && !dismissed ? returnOutcome(back, data) : null;
  const [choices, setChoices] = useState<Choices>({ users: false, accounts: false });
  const [busy, setBusy] = useState<PlanId | null>(null);
  const confirm = useConfirm();
  const handleError = useHandleApiError();

  const closeReturn = () => {
    setDismissed(true);
    setSearch({}, { replace: true });
  };

  const subscribe = async (plan: Plan) => {
    const from = data?.subscribed ? ` Your ${data.plan} plan ends when you approve it.` : '';
    const yes = await confirm({
      title: `Subscribe to the ${plan.title} plan?`,
      message: `Shopify will ask you to approve a recurring charge of $${plan.price} ${plan.id === 'YEARLY' ? 'a year' : 'every 30 days'}, added to your Shopify bill.${from}`,
    });
    if (!yes) return;
    setBusy(plan.id);
    try {
      const offer = choices.users || choices.accounts ? choices : { users: false, accounts: false };
      const { confirmationUrl } = await api('billing.subscribe', {
        query: { users: String(offer.users) as 'true' | 'false', accounts: String(offer.accounts) as 'true' | 'false' }, body: { plan: plan.id as 'MONTHLY' | 'YEARLY' },
      });
      // stays busy: the page is leaving for Shopify's approval page
      leaveFor(confirmationUrl);
    } catch (failure) {
      handleError(failure);
      setBusy(null);
    }
  };

  const cancel = async (status: SubscriptionStatus) => {
    const yes = await confirm({
      title: `Cancel the ${status.plan} plan?`,
      message: cancelMessage(status.expiry, timeZone),
      destructive: true,
    });
    if (!yes) return;
    setBusy(status.planId);
    try {
      const answer = await api('billing.cancel', { body: { id: status.planId as 'MONTHLY' | 'YEARLY', name: status.plan } });
      notifySuccess(answer.msg);
      await mutate({ ...answer.status, ...(data?.charge ? { charge: data.charge } : {}) }, { revalidate: false });
    } catch (failure) {
      handleError(failure);
    } finally {
      setBusy(null);
    }
  };

  const showChoices = data && !data.subscribed && (data.deactivated.users > 0 || data.deactivated.accounts > 0);
  return (
    <>
      <PageHeader
        title="Pricing & plans"
        subtitle="Plans are billed through your Shopify account. Upgrade, switch or cancel at any time."
        actions={<RefreshButton onRefresh={() => void mutate()} refreshing={isValidating && !isLoading} testId="plans-refresh" />}
      />
      <Stack gap="6">
        {error && <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} testId="plans-error" />}
        {isLoading && !data ? <PageSkeleton /> : data ? <UsageCard status={data} timeZone={timeZone} /> : null}
        {showChoices && <ReactivateChoices deactivated={data.deactivated} choices={choices} onChange={setChoices} />}
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="5" data-testid="plans-cards">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              action={cardAction(plan.id, data?.planId)}
              busy={busy === plan.id}
              disabled={busy !== null}
              onSubscribe={() => void subscribe(plan)}
              onCancel={() => data && void cancel(data)}
            />
          ))}
        </Grid>
      </Stack>
      <NoticeDialog
        open={outcome !== null}
        onClose={closeReturn}
        testId="plans-return"
        icon={outcome === 'subscribed' ? <LuCircleCheck /> : <LuCircleX />}
        tone={outcome === 'subscribed' ? 'success' : 'warning'}
        title={outcome === 'subscribed' ? 'Subscribed' : outcome === 'declined' ? 'Charge declined' : 'Subscription not completed'}
        message={outcome === 'subscribed' ? SUBSCRIBED_MESSAGE : outcome === 'declined' && data ? declinedMessage(data) : RETURN_FAILED_MESSAGE}
        messageTestId="plans-return-message"
        detail={outcome !== 'subscribed' && outcome !== null && data ? stillOnMessage(data) : undefined}
        detailTestId="plans-return-plan"
        closeTestId="plans-return-close"
      />
    </>
  );
}

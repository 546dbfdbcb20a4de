import { LuGauge } from 'react-icons/lu';
import { paths } from '../../lib/paths';
import { NoticeDialog } from './notice-dialog';

/** Spec 001 §8 "Plan limit": the server's message or this one. */
export const PLAN_LIMIT_FALLBACK = 'Kindly upgrade your plan';

/** What a USER reads instead of a way to the plans, which only an ADMIN may open. */
export const ASK_ADMIN_TO_UPGRADE = 'Ask your store admin to upgrade the plan.';

/**
 * 'Plan limit reached' with the server's message; Okay goes to /dashboard/plans. Shown when a create
 * (user, tracking account, booking) answers with `plan_limit_error`. `canUpgrade`: an ADMIN (the plans
 * page is theirs); anyone else is told to ask one rather than sent to a screen they may not open.
 */
export function PlanLimitDialog({ message, onClose, canUpgrade = true }: { message: string | null; onClose(): void; canUpgrade?: boolean }) {
  return (
    <NoticeDialog
      open={message !== null}
      onClose={onClose}
      testId="plan-limit-dialog"
      icon={<LuGauge />}
      title="Plan limit reached"
      message={canUpgrade ? message || PLAN_LIMIT_FALLBACK : `${(message || PLAN_LIMIT_FALLBACK).replace(/[.\s]+$/, '')}. ${ASK_ADMIN_TO_UPGRADE}`}
      messageTestId="plan-limit-message"
      closeTestId="plan-limit-close"
      action={canUpgrade ? { label: 'Okay', to: paths.dashboard.plans(), testId: 'plan-limit-okay' } : undefined}
    />
  );
}

/** The message to show for a plan-limit answer: `message`, else errors[0].msg, else the fallback. */
export function planLimitMessage(body: { message?: string; errors?: readonly { msg: string }[] } | null | undefined): string {
  return body?.message?.trim() || body?.errors?.[0]?.msg?.trim() || PLAN_LIMIT_FALLBACK;
}

import { LuGauge } from 'react-icons/lu';
import { paths } from '../../lib/paths';
import { NoticeDialog } from './notice-dialog';

/** Spec 001 §8 "Plan limit": the server's message or this one. */
export const PLAN_LIMIT_FALLBACK = 'Kindly upgrade your plan';

/**
 * 'Plan limit reached' with the server's message; Okay goes to /dashboard/plans. Shown when a create
 * (user, tracking account, booking) answers with `plan_limit_error`.
 */
export function PlanLimitDialog({ message, onClose }: { message: string | null; onClose(): void }) {
  return (
    <NoticeDialog
      open={message !== null}
      onClose={onClose}
      testId="plan-limit-dialog"
      icon={<LuGauge />}
      title="Plan limit reached"
      message={message || PLAN_LIMIT_FALLBACK}
      messageTestId="plan-limit-message"
      closeTestId="plan-limit-close"
      action={{ label: 'Okay', to: paths.dashboard.plans(), testId: 'plan-limit-okay' }}
    />
  );
}

/** The message to show for a plan-limit answer: `message`, else errors[0].msg, else the fallback. */
export function planLimitMessage(body: { message?: string; errors?: readonly { msg: string }[] } | null | undefined): string {
  return body?.message?.trim() || body?.errors?.[0]?.msg?.trim() || PLAN_LIMIT_FALLBACK;
}

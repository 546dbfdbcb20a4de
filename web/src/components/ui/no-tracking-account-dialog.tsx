import { LuPackageX, LuPlus } from 'react-icons/lu';
import { courierNames } from '@dakiya/shared/couriers';
import { paths } from '../../lib/paths';
import { NoticeDialog } from './notice-dialog';

export const NO_TRACKING_ACCOUNT_TITLE = 'Ooops! You have no tracking account.';

export interface NoTrackingAccountDialogProps {
  open: boolean;
  onClose(): void;
  /** Where Create Account leads: by default the create page; a booking screen passes one that comes back to it. */
  createTo?: string;
}

/**
 * Spec 001 §8 "No tracking account": shown by the booking screens when the store has no active
 * courier account. Create Account leads to the create-account page.
 */
export function NoTrackingAccountDialog({ open, onClose, createTo = paths.dashboard.createAccount() }: NoTrackingAccountDialogProps) {
  return (
    <NoticeDialog
      open={open}
      onClose={onClose}
      testId="no-account-dialog"
      icon={<LuPackageX />}
      title={NO_TRACKING_ACCOUNT_TITLE}
      message={`Add your ${courierNames('or')} account so Dakiya can book and track parcels with it.`}
      closeTestId="no-account-close"
      action={{
        label: (
          <>
            <LuPlus /> Create Account
          </>
        ),
        to: createTo,
        testId: 'no-account-create',
      }}
    />
  );
}

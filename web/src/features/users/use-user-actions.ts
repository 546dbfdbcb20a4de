import type { User } from '@dakiya/shared';
import { useCallback } from 'react';
import { api, isApiError } from '../../lib/api';
import { useHandleApiError } from '../../lib/api-errors';
import { fullName } from '../../lib/format';
import { useConfirm } from '../../components/ui/confirm';
import { notifyError, notifySuccess } from '../../components/ui/toaster';

/** Spec 000 §8 messages of these actions. */
export const RESTRICTED_MSG = 'User has been restricted';
export const UNRESTRICTED_MSG = 'User has been unrestricted';
export const EMAIL_SENT_MSG = 'Email sent';
export const EMAIL_SEND_FAILED_MSG = 'Something went wrong while sending email';

/** The row actions shared by the users list and the edit page: each confirms where it should, calls, toasts. */
export function useUserActions() {
  const confirm = useConfirm();
  const handleError = useHandleApiError();

  /** Restrict an active USER or activate a restricted one. Resolves the updated user, or null. */
  const toggleRestriction = useCallback(
    async (user: User): Promise<User | null> => {
      const name = fullName(user) || user.email;
      const restricting = user.is_active;
      const ok = await confirm({
        title: restricting ? `Restrict ${name}?` : `Activate ${name}?`,
        message: restricting
          ? `${name} will be signed out of Dakiya and cannot sign in until you activate them again.`
          : `${name} will be able to sign in to Dakiya again with their current access.`,
        destructive: restricting,
      });
      if (!ok) return null;
      try {
        const answer = await api('users.restrict', { body: { id: user._id } });
        notifySuccess(answer.msg || (answer.user.is_active ? UNRESTRICTED_MSG : RESTRICTED_MSG));
        return answer.user;
      } catch (error) {
        handleError(error);
        return null;
      }
    },
    [confirm, handleError],
  );

  /** Send the verification email again (spec 000 §8: 'Email sent' / 'Something went wrong while sending email'). */
  const resendVerification = useCallback(
    async (user: User): Promise<boolean> => {
      try {
        await api('users.resendEmail', { body: { account_id: user._id, email: user.email } });
        notifySuccess(EMAIL_SENT_MSG);
        return true;
      } catch (error) {
        if (isApiError(error) && error.status === 401) handleError(error);
        else notifyError(EMAIL_SEND_FAILED_MSG);
        return false;
      }
    },
    [handleError],
  );

  const remove = useCallback(
    async (user: User): Promise<boolean> => {
      const name = fullName(user) || user.email;
      const ok = await confirm({
        title: `Delete ${name}?`,
        message: `${name} (${user.email}) loses access to Dakiya for good. Orders they booked stay as they are.`,
        confirmLabel: 'Yes, delete',
        destructive: true,
      });
      if (!ok) return false;
      try {
        const answer = await api('users.delete', { params: { id: user._id } });
        notifySuccess(answer.msg || 'User deleted');
        return true;
      } catch (error) {
        handleError(error);
        return false;
      }
    },
    [confirm, handleError],
  );

  return { toggleRestriction, resendVerification, remove };
}

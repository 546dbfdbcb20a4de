import { ResetPasswordInput } from '@dakiya/shared';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api';
import { useHandleApiError } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { serverFieldErrors, validate } from '../../../lib/validate';
import { PublicFrame } from '../../../components/ui/public-frame';
import { PASSWORD_SET_REDIRECT_MS, readToken } from '../links';
import { InvalidLink } from './create-password-page';
import { PasswordPairCard, type PairKey } from './password-pair-card';

/** /reset-password?hash= : where the Forgot password email lands. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const handleError = useHandleApiError();
  const hash = readToken(search, 'hash');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <PublicFrame narrow>
      {!hash ? (
        <InvalidLink what="password reset" />
      ) : (
        <PasswordPairCard
          title="Reset your password"
          description="Choose a new password for your Dakiya account."
          submitLabel="Reset password"
          testPrefix="reset"
          onSubmit={async (values) => {
            const result = validate<unknown, PairKey>(ResetPasswordInput, values);
            if (!result.ok) return { errors: result.errors };
            try {
              const answer = await api('auth.resetPassword', { query: { hash }, body: values }, { token: null });
              timer.current = window.setTimeout(() => navigate(paths.login(), { replace: true }), PASSWORD_SET_REDIRECT_MS);
              return { done: answer.msg || 'Your password has been reset' };
            } catch (error) {
              handleError(error);
              return { errors: serverFieldErrors(error) };
            }
          }}
        />
      )}
    </PublicFrame>
  );
}

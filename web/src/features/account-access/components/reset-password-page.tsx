import { ResetPasswordInput } from '@dakiya/shared';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { validate } from '../../../lib/validate';
import { failedPair, invalidPair } from '../pair-outcome';
import { PublicFrame } from '../../../components/ui/public-frame';
import { PASSWORD_SET_REDIRECT_MS, readResetLink } from '../links';
import { InvalidLink, SendNewLinkButton, SignInButton } from './create-password-page';
import { PasswordPairCard } from './password-pair-card';

/** /reset-password?hash= : where the Forgot password email lands. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const hash = readResetLink(search);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <PublicFrame narrow>
      {!hash ? (
        <InvalidLink what="password reset" newLink />
      ) : (
        <PasswordPairCard
          title="Reset your password"
          description="Choose a new password for your Dakiya account."
          submitLabel="Reset password"
          testPrefix="reset"
          spentLink={{
            help: 'Each link works once, and only the newest one you asked for. Ask for a new link, or sign in if you remember your password.',
            actions: (
              <>
                <SendNewLinkButton />
                <SignInButton />
              </>
            ),
          }}
          onSubmit={async (values) => {
            const result = validate(ResetPasswordInput, values);
            if (!result.ok) return invalidPair(result);
            try {
              const answer = await api('auth.resetPassword', { query: { hash }, body: values }, { token: null });
              timer.current = window.setTimeout(() => navigate(paths.login(), { replace: true }), PASSWORD_SET_REDIRECT_MS);
              return { done: answer.msg || 'Your password has been reset' };
            } catch (error) {
              return failedPair(error);
            }
          }}
        />
      )}
    </PublicFrame>
  );
}

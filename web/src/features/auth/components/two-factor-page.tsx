import { Button, Card, Center, chakra, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { RECOVERY_CODE_MAX, VerifyAuthenticatorInput, VerifyRecoveryCodeInput } from '@dakiya/shared';
import { useState, type FormEvent } from 'react';
import { LuKeyRound, LuShieldCheck, LuTimerOff } from 'react-icons/lu';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api';
import { useHandleApiError } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { serverFieldErrors, validate } from '../../../lib/validate';
import { CodeInput } from '../../../components/ui/code-input';
import { EmptyState } from '../../../components/ui/empty-state';
import { PublicFrame } from '../../../components/ui/public-frame';
import { useSession } from '../session/session-context';
import { LOAD_USER_ERROR } from '../session/session-reducer';
import { notifySuccess } from '../../../components/ui/toaster';
import { retryAfterSeconds, signInProblem, submitLabel, type SignInProblem } from '../login-form';
import { useSlowDown } from '../use-slow-down';
import { SignInAlert } from './sign-in-alert';

/** /two-factor (spec 001 §2): the authenticator code after a password sign-in; success goes to /dashboard. */
export function TwoFactorPage() {
  const session = useSession();
  const navigate = useNavigate();
  const handleError = useHandleApiError();
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<SignInProblem | null>(null);
  const [verifying, setVerifying] = useState(false);
  // wrong codes slow this network down like wrong passwords (issue 17): both modes wait, counting down
  const slowDown = useSlowDown();
  const secondsLeft = slowDown.secondsLeft;
  const pending = session.pendingTwoFactorToken;
  const recovery = mode === 'recovery';

  if (!pending && session.isAuthorized && !verifying) return <Navigate to={paths.dashboard.home()} replace />;

  function switchMode() {
    setMode(recovery ? 'app' : 'recovery');
    setCode('');
    setError(undefined);
  }

  /** Both ways end like a login: the full token is stored, then the current user loaded. */
  async function signIn(token: string) {
    const ok = await session.signInWithToken(token);
    if (ok) navigate(paths.dashboard.home(), { replace: true });
    else setFormError({ message: LOAD_USER_ERROR });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (secondsLeft > 0) return;
    const result = recovery
      ? validate(VerifyRecoveryCodeInput, { recovery_code: code, twoFactorToken: pending ?? '' })
      : validate(VerifyAuthenticatorInput, { code, twoFactorToken: pending ?? '' });
    if (!result.ok) {
      setError(result.errors.code ?? result.errors.recovery_code ?? result.errors.twoFactorToken);
      return;
    }
    setError(undefined);
    setFormError(null);
    setVerifying(true);
    try {
      if ('recovery_code' in result.data) {
        const answer = await api('auth.verifyRecoveryCode', { body: result.data }, { token: null });
        notifySuccess(`Signed in with a recovery code. ${answer.recovery_codes_left} left: make new ones on your profile if you are running out.`);
        await signIn(answer.auth_token);
      } else {
        const answer = await api('auth.verifyAuthenticator', { body: result.data }, { token: null });
        await signIn(answer.auth_token);
      }
    } catch (err) {
      const fields = serverFieldErrors(err);
      setError(fields.code ?? fields.recovery_code);
      slowDown.follow(err);
      // a slow-down is said above the form with its countdown, as sign-in says it; anything else as everywhere
      if (retryAfterSeconds(err)) setFormError(signInProblem(err));
      else handleError(err);
    } finally {
      setVerifying(false);
    }
  }

  return (
    <PublicFrame narrow>
      {!pending ? (
        <EmptyState
          testId="two-factor-expired"
          icon={<LuTimerOff />}
          title="Sign in again"
          description="There is no sign-in waiting for a code in this tab. Sign in with your email and password first."
        >
          <Button asChild colorPalette="brand" size="sm">
            <Link to={paths.login()}>Go to sign in</Link>
          </Button>
        </EmptyState>
      ) : (
        <Card.Root variant="outline" bg="app.surface" borderRadius="xl" boxShadow="xs">
          <Card.Body p={{ base: '5', md: '7' }}>
            <chakra.form onSubmit={onSubmit} noValidate display="flex" flexDirection="column" gap="5" data-testid="two-factor-form">
              <Stack gap="3">
                <Center boxSize="12" borderRadius="full" bg="brand.subtle" color="brand.fg" fontSize="xl">
                  <LuShieldCheck />
                </Center>
                <Heading as="h1" size="xl" fontWeight="semibold" letterSpacing="-0.01em">
                  Two-factor verification
                </Heading>
                <Text color="fg.muted" data-testid="two-factor-hint">
                  {recovery
                    ? 'Enter one of the recovery codes you saved when you turned on two-factor. Each code works once.'
                    : 'Open your authenticator app and enter the 6-digit code it shows for Dakiya.'}
                </Text>
              </Stack>
              {formError && <SignInAlert problem={formError} secondsLeft={secondsLeft} testId="two-factor-error" />}
              <Stack gap="1.5">
                {recovery ? (
                  <Input
                    value={code}
                    onChange={(e) => {
                      setCode(e.target.value.slice(0, RECOVERY_CODE_MAX));
                      setError(undefined);
                    }}
                    aria-label="Recovery code"
                    aria-invalid={!!error}
                    borderColor={error ? 'border.error' : undefined}
                    autoComplete="off"
                    spellCheck={false}
                    size="lg"
                    textAlign="center"
                    fontFamily="mono"
                    fontSize="xl"
                    letterSpacing="0.1em"
                    placeholder="xxxx-xxxx-xxxx"
                    autoFocus
                    data-testid="two-factor-recovery-code"
                  />
                ) : (
                  <CodeInput
                    value={code}
                    onChange={(next) => {
                      setCode(next);
                      setError(undefined);
                    }}
                    invalid={!!error}
                    size="lg"
                    textAlign="center"
                    fontSize="2xl"
                    letterSpacing="0.4em"
                    autoFocus
                    testId="two-factor-code"
                  />
                )}
                {error && (
                  <Text textStyle="sm" color="fg.error" data-testid="two-factor-code-error">
                    {error}
                  </Text>
                )}
              </Stack>
              <Stack gap="3">
                <Button
                  type="submit"
                  colorPalette="brand"
                  size="lg"
                  loading={verifying}
                  loadingText="Verifying"
                  disabled={secondsLeft > 0}
                  data-testid="two-factor-submit"
                >
                  {submitLabel('Verify', secondsLeft)}
                </Button>
                <Button variant="plain" size="sm" color="brand.fg" onClick={switchMode} data-testid="two-factor-switch">
                  <LuKeyRound /> {recovery ? 'Use the code from your authenticator app' : 'Lost your phone? Use a recovery code'}
                </Button>
                <Button asChild variant="ghost" size="sm" color="fg.muted">
                  <Link to={paths.login()}>Back to sign in</Link>
                </Button>
              </Stack>
            </chakra.form>
          </Card.Body>
        </Card.Root>
      )}
    </PublicFrame>
  );
}

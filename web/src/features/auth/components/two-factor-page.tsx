import { Alert, Button, Card, Center, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { VerifyAuthenticatorInput } from '@dakiya/shared';
import { useState, type FormEvent } from 'react';
import { LuShieldCheck, LuTimerOff } from 'react-icons/lu';
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

/** /two-factor (spec 001 §2): the authenticator code after a password sign-in; success goes to /dashboard. */
export function TwoFactorPage() {
  const session = useSession();
  const navigate = useNavigate();
  const handleError = useHandleApiError();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const pending = session.pendingTwoFactorToken;

  if (!pending && session.isAuthorized && !verifying) return <Navigate to={paths.dashboard.home()} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validate(VerifyAuthenticatorInput, { code, twoFactorToken: pending ?? '' });
    if (!result.ok) {
      setError(result.errors.code ?? result.errors.twoFactorToken);
      return;
    }
    setError(undefined);
    setFormError(null);
    setVerifying(true);
    try {
      const answer = await api('auth.verifyAuthenticator', { body: result.data }, { token: null });
      // The full token signs in exactly as a login does: stored, then the current user loaded.
      const ok = await session.signInWithToken(answer.auth_token);
      if (ok) navigate(paths.dashboard.home(), { replace: true });
      else setFormError(LOAD_USER_ERROR);
    } catch (err) {
      setError(serverFieldErrors(err).code);
      handleError(err);
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
                <Text color="fg.muted">Open your authenticator app and enter the 6-digit code it shows for Dakiya.</Text>
              </Stack>
              {formError && (
                <Alert.Root status="error" borderRadius="md" data-testid="two-factor-error">
                  <Alert.Indicator />
                  <Alert.Title>{formError}</Alert.Title>
                </Alert.Root>
              )}
              <Stack gap="1.5">
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
                {error && (
                  <Text textStyle="sm" color="fg.error" data-testid="two-factor-code-error">
                    {error}
                  </Text>
                )}
              </Stack>
              <Stack gap="3">
                <Button type="submit" colorPalette="brand" size="lg" loading={verifying} loadingText="Verifying" data-testid="two-factor-submit">
                  Verify
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

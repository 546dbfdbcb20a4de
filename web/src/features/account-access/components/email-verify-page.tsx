import { Button, Card, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuCircleCheck, LuCircleX, LuCloudOff, LuRotateCw } from 'react-icons/lu';
import { Link, useSearchParams } from 'react-router-dom';
import { api, isApiError, NETWORK_ERROR } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { PublicFrame } from '../../../components/ui/public-frame';
import { readToken, spendOnce, VERIFY_FAILED, VERIFY_OK } from '../links';

type Outcome = { status: 'ok'; existing: boolean } | { status: 'failed'; detail?: string } | { status: 'unreachable' };

// Tokens are single-use: one call per token for the life of the page, shared by every mount.
const calls = new Map<string, Promise<Outcome>>();

function verify(token: string): Promise<Outcome> {
  return spendOnce(calls, token, () =>
    api('auth.verifyEmail', { body: { token } }, { token: null }).then(
      (answer): Outcome => ({ status: 'ok', existing: answer.existing_account }),
      (error: unknown): Outcome => {
        // No answer: the link was not judged, so it may still work; let the person try again.
        if (isApiError(error) && error.status === 0) {
          calls.delete(token);
          return { status: 'unreachable' };
        }
        return { status: 'failed', detail: isApiError(error) ? error.message : undefined };
      },
    ),
  );
}

/** A message ends with a full stop before the next sentence follows it. */
const sentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** /email-verify?token= (spec 001 §4): verifying, then success with a Login button, or failed. */
export function EmailVerifyPage() {
  const [search] = useSearchParams();
  const token = readToken(search, 'token');
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { status: 'failed', detail: 'This link is not valid' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void verify(token).then((o) => live && setOutcome(o));
    return () => {
      live = false;
    };
  }, [token, attempt]);

  const status = outcome?.status ?? 'verifying';
  return (
    <PublicFrame narrow>
      <Card.Root variant="outline" bg="app.surface" borderRadius="xl" boxShadow="xs">
        <Card.Body p={{ base: '6', md: '8' }}>
          <Stack align="center" textAlign="center" gap="4" data-testid="verify-status" data-status={status} aria-live="polite">
            {status === 'verifying' && (
              <>
                <Spinner size="lg" color="brand.solid" />
                <Heading as="h1" size="lg">Verifying your email…</Heading>
                <Text color="fg.muted">This takes a moment.</Text>
              </>
            )}
            {status === 'ok' && (
              <>
                <Center boxSize="14" borderRadius="full" bg="green.subtle" color="fg.success" fontSize="2xl">
                  <LuCircleCheck />
                </Center>
                <Heading as="h1" size="lg">{VERIFY_OK}</Heading>
                <Text color="fg.muted" data-testid="verify-detail">
                  {outcome?.status === 'ok' && outcome.existing
                    ? 'You already sign in to Dakiya with this email: this store is now in your account. Sign in with the password you already use.'
                    : 'Your email is confirmed. You can sign in to Dakiya now.'}
                </Text>
                <Button asChild colorPalette="brand" size="lg" w="full" data-testid="verify-login">
                  <Link to={paths.login()}>Login</Link>
                </Button>
              </>
            )}
            {outcome?.status === 'unreachable' && (
              <>
                <Center boxSize="14" borderRadius="full" bg="saffron.50" color="saffron.700" fontSize="2xl">
                  <LuCloudOff />
                </Center>
                <Heading as="h1" size="lg">We could not verify your email yet</Heading>
                <Text color="fg.muted" data-testid="verify-detail">{NETWORK_ERROR}</Text>
                <Button
                  colorPalette="brand"
                  w="full"
                  onClick={() => {
                    setOutcome(null);
                    setAttempt((n) => n + 1);
                  }}
                  data-testid="verify-retry"
                >
                  <LuRotateCw /> Try again
                </Button>
              </>
            )}
            {outcome?.status === 'failed' && (
              <>
                <Center boxSize="14" borderRadius="full" bg="red.subtle" color="fg.error" fontSize="2xl">
                  <LuCircleX />
                </Center>
                <Heading as="h1" size="lg">{VERIFY_FAILED}</Heading>
                <Text color="fg.muted" data-testid="verify-detail">
                  {outcome.detail ? `${sentence(outcome.detail)} ` : 'The link may have expired or been used already. '}
                  Ask your store admin to send a new one.
                </Text>
                <Button asChild variant="outline" w="full" data-testid="verify-login">
                  <Link to={paths.login()}>Go to sign in</Link>
                </Button>
              </>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </PublicFrame>
  );
}

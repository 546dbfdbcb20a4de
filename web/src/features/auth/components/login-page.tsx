import {
  Alert, Box, Button, Card, Field, Flex, Heading, HStack, Input, Link as ChakraLink,
  Separator, Stack, Text,
} from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { LuArrowLeft, LuMail, LuStore } from 'react-icons/lu';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginInput, StoreOption } from '@dakiya/shared';
import { Logo } from '../../../components/ui/logo';
import { PasswordInput } from '../../../components/ui/password-input';
import { LoadingPage } from '../../../components/ui/loading-page';
import { PartBoundary, prefetchWhenIdle } from '../../../components/ui/part-boundary';
import { notifyError } from '../../../components/ui/toaster';
import { api, NETWORK_ERROR } from '../../../lib/api';
import { claimChunkReload, isChunkLoadError } from '../../../lib/chunk-errors';
import { config } from '../../../lib/config';
import { useSupportEmail } from '../../../lib/app-config';
import { paths } from '../../../lib/paths';
import { perTab } from '../../../lib/storage';
import { useSession, type LoginResult } from '../session/session-context';
import { LOAD_USER_ERROR } from '../session/session-reducer';
import { loginErrorDetail, loginErrorMessage, retryAfterSeconds, SLOWED_DOWN, validateLogin, waitLine, type FieldErrors } from '../login-form';
import { useSecondsLeft } from '../use-seconds-left';
import { BrandPanel } from './brand-panel';
import { EmailCodeStep } from './email-code-step';
import { StorePicker } from './store-picker';

// The dialog machinery loads when the button is first pressed, or before when the browser is idle.
const loadForgotDialog = () => import('./forgot-password-dialog');
const ForgotPasswordDialog = lazy(loadForgotDialog);

/** `openAtStart`: /login?forgot=1, where a spent reset link sends a person for a new one. */
function ForgotPasswordButton({ openAtStart = false }: { openAtStart?: boolean }) {
  const [open, setOpen] = useState(openAtStart);
  const supportEmail = useSupportEmail();
  useEffect(() => prefetchWhenIdle(loadForgotDialog), []);
  return (
    <>
      <Button
        variant="plain"
        size="xs"
        px="0"
        h="auto"
        color="brand.fg"
        fontWeight="medium"
        onClick={() => setOpen(true)}
        data-testid="login-forgot"
      >
        Forgot password?
      </Button>
      {open && (
        <PartBoundary fallback={null} onError={() => { setOpen(false); notifyError(NETWORK_ERROR); }}>
          <Suspense fallback={null}>
            <ForgotPasswordDialog supportEmail={supportEmail} onClose={() => setOpen(false)} />
          </Suspense>
        </PartBoundary>
      )}
    </>
  );
}

/** /login (spec 000 §2 "Login screen"). */
export function LoginPage() {
  const session = useSession();
  const supportEmail = useSupportEmail();
  const navigate = useNavigate();
  // a screen of the dashboard opened before signing in (an admin link to an order's booking form) is where sign-in leads
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const afterSignIn = typeof from === 'string' && from.startsWith('/dashboard/') ? from : paths.dashboard.home();
  const [searchParams, setSearchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ message: string; detail?: string; wait?: boolean } | null>(null);
  // a slowed-down sign-in (issue 17): the next try waits, and the page counts down to it
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(waitUntil);
  const [submitting, setSubmitting] = useState(false);
  const [choice, setChoice] = useState<{ input: LoginInput; stores: StoreOption[]; notice?: string } | null>(null);
  const [pendingStore, setPendingStore] = useState<string | null>(null);
  const [codeStep, setCodeStep] = useState<{ input: LoginInput; token: string } | null>(null);
  const tokenHandled = useRef(false);
  // the store opened from the Shopify admin: sign-in goes there, or offers the person's own stores
  const askedStore = searchParams.get('store') ?? undefined;
  const [forgotAtStart] = useState(() => searchParams.get('forgot') === '1');

  // A token in the query string is used to sign in: the install's one-time token is traded for a session.
  useEffect(() => {
    const token = searchParams.get('token');
    if (!token || tokenHandled.current) return;
    tokenHandled.current = true;
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('token');
      return next;
    }, { replace: true });
    setSubmitting(true);
    void api('auth.exchangeToken', { body: { token } })
      .then(async (answer): Promise<{ next: string } | { problem: { message: string; detail?: string } }> => {
        // two-factor on: Shopify proved who opened the app, the authenticator code is still asked for
        if (answer.two_factor_await) {
          session.awaitSecondFactor(answer.auth_token);
          return { next: paths.twoFactor() };
        }
        return (await session.signInWithToken(answer.auth_token)) ? { next: paths.dashboard.home() } : { problem: { message: LOAD_USER_ERROR } };
      })
      .catch((error: unknown) => ({ problem: { message: loginErrorMessage(error), detail: loginErrorDetail(error) } }))
      .then((outcome) => {
        setSubmitting(false);
        if ('problem' in outcome) setFormError(outcome.problem);
        else navigate(outcome.next, { replace: true });
      });
  }, [searchParams, setSearchParams, session, navigate]);

  if (session.isAuthorized && !session.loading) return <Navigate to={afterSignIn} replace />;
  if (session.loading && !submitting) return <LoadingPage label="Checking your session…" />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (secondsLeft > 0) return;
    setFormError(null);
    setWaitUntil(null);
    // The schema (and zod) load with the API contract on the first submit, not with the page. That
    // download can fail: offline (say so), or after a deploy renamed the file (reload once, as screens do).
    let schema: typeof import('@dakiya/shared').LoginInput;
    try {
      ({ LoginInput: schema } = await import('@dakiya/shared'));
    } catch (error) {
      if (isChunkLoadError(error) && claimChunkReload(perTab, Date.now(), navigator.onLine)) {
        window.location.reload();
        return;
      }
      setFormError({ message: loginErrorMessage(error), detail: loginErrorDetail(error, navigator.onLine) });
      return;
    }
    const result = validateLogin(schema, { email, password });
    if (!result.ok) {
      setFieldErrors(result.errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    await signInTo({ ...result.data, store: askedStore });
    setSubmitting(false);
  }

  /** Sign in (to one store, when named); a person of several stores gets the picker. */
  async function signInTo(input: LoginInput) {
    try {
      follow(input, await session.login(input));
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (wait) setWaitUntil(Date.now() + wait * 1000);
      setFormError({ message: wait ? SLOWED_DOWN : loginErrorMessage(error), detail: loginErrorDetail(error), wait: !!wait });
    }
  }

  /** The step a sign-in answered: the emailed code, the store picker, the authenticator's code, or in. */
  function follow(input: LoginInput, outcome: LoginResult) {
    setCodeStep(outcome.emailCodeToken ? { input, token: outcome.emailCodeToken } : null);
    if (outcome.emailCodeToken) return;
    if (outcome.stores) {
      setChoice({ input, stores: outcome.stores, notice: outcome.notice });
      return;
    }
    navigate(outcome.twoFactor ? paths.twoFactor() : afterSignIn, { replace: true });
  }

  async function choose(domain: string) {
    if (!choice) return;
    setFormError(null);
    setPendingStore(domain);
    await signInTo({ ...choice.input, store: domain });
    setPendingStore(null);
  }

  return (
    <Flex minH="100dvh" bg="app.canvas">
      <BrandPanel />
      <Flex flex="1" align="center" justify="center" px={{ base: '4', md: '10' }} py="10">
        <Stack w="full" maxW="md" gap="6">
          <Box display={{ base: 'block', lg: 'none' }}>
            <Link to={paths.home()} aria-label="Dakiya home">
              <Logo />
            </Link>
          </Box>
          <Stack gap="1">
            <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="-0.01em">
              Sign in to Dakiya
            </Heading>
            {askedStore ? (
              // sent here by the Shopify admin: only the store owner is signed in from Shopify
              <Text color="fg.muted" data-testid="login-store">
                Sign in with your own Dakiya account to open <Text as="span" fontWeight="medium" color="fg">{askedStore}</Text>.
              </Text>
            ) : (
              <Text color="fg.muted">Book and track your store's parcels.</Text>
            )}
          </Stack>

          <Card.Root variant="outline" bg="app.surface" borderRadius="xl" boxShadow="xs">
            <Card.Body p={{ base: '5', md: '7' }}>
              {codeStep ? (
                <EmailCodeStep
                  email={codeStep.input.email}
                  token={codeStep.token}
                  onSignedIn={(outcome) => follow(codeStep.input, outcome)}
                  onBack={() => {
                    setCodeStep(null);
                    setFormError(null);
                    setPassword('');
                  }}
                />
              ) : choice ? (
                <Stack gap="4">
                  {formError && <LoginError {...formError} />}
                  <StorePicker
                    email={choice.input.email}
                    stores={choice.stores}
                    notice={choice.notice}
                    pending={pendingStore}
                    onChoose={(domain) => void choose(domain)}
                    onBack={() => {
                      setChoice(null);
                      setFormError(null);
                      setPassword('');
                    }}
                  />
                </Stack>
              ) : (
                <form onSubmit={onSubmit} noValidate data-testid="login-form">
                  <Stack gap="5">
                    {formError && <LoginError message={formError.message} detail={formError.wait ? waitLine(secondsLeft) : formError.detail} />}
                    <Field.Root invalid={!!fieldErrors.email} required>
                      <Field.Label>Email</Field.Label>
                      <Input
                        type="email"
                        name="email"
                        autoComplete="email"
                        placeholder="you@yourstore.pk"
                        value={email}
                        onChange={(e) => setEmail(e.target.value)}
                        data-testid="login-email"
                      />
                      <Field.ErrorText data-testid="login-email-error">{fieldErrors.email}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={!!fieldErrors.password} required>
                      <HStack justify="space-between" w="full">
                        <Field.Label>Password</Field.Label>
                        <ForgotPasswordButton openAtStart={forgotAtStart} />
                      </HStack>
                      <PasswordInput
                        name="password"
                        autoComplete="current-password"
                        value={password}
                        onChange={(e) => setPassword(e.target.value)}
                        testId="login-password"
                      />
                      <Field.ErrorText data-testid="login-password-error">{fieldErrors.password}</Field.ErrorText>
                    </Field.Root>
                    <Stack gap="3" pt="1">
                      <Button
                        type="submit"
                        colorPalette="brand"
                        size="lg"
                        loading={submitting}
                        loadingText="Signing in"
                        disabled={secondsLeft > 0}
                        data-testid="login-submit"
                      >
                        {secondsLeft > 0 ? `Try again in ${secondsLeft} s` : 'Login'}
                      </Button>
                      <Button variant="outline" size="lg" onClick={() => navigate(paths.home())} data-testid="login-cancel">
                        <LuArrowLeft /> Cancel
                      </Button>
                    </Stack>
                  </Stack>
                </form>
              )}
            </Card.Body>
          </Card.Root>

          <HStack gap="3">
            <Separator flex="1" />
            <Text textStyle="xs" color="fg.subtle" flexShrink={0}>
              Installed Dakiya from Shopify?
            </Text>
            <Separator flex="1" />
          </HStack>
          <Button asChild variant="surface" size="md" data-testid="login-store-admin">
            <a href={config.storeAdminUrl} target="_blank" rel="noreferrer">
              <LuStore /> Go to Shopify admin
            </a>
          </Button>
          <Text textStyle="xs" color="fg.muted" textAlign="center">
            Store owners open Dakiya from Apps in their Shopify admin without a password.
            {supportEmail && (
              <>
                {' '}Trouble?{' '}
                <ChakraLink href={`mailto:${supportEmail}`} color="brand.fg">
                  <LuMail style={{ display: 'inline' }} /> {supportEmail}
                </ChakraLink>
              </>
            )}
          </Text>
        </Stack>
      </Flex>
    </Flex>
  );
}

/** Why sign-in did not go through, above the form or the store picker. */
function LoginError({ message, detail }: { message: string; detail?: string }) {
  return (
    <Alert.Root status="error" borderRadius="md" data-testid="login-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        {detail && <Alert.Description>{detail}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

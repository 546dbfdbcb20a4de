import { Button, Center, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuArrowLeft, LuMailCheck } from 'react-icons/lu';
import { CodeInput } from '../../../components/ui/code-input';
import { serverFieldErrors } from '../../../lib/validate';
import { useSession } from '../session/session-context';
import type { LoginResult } from '../session/session-context';
import { signInProblem, submitLabel, type SignInProblem } from '../login-form';
import { useSlowDown } from '../use-slow-down';
import { SignInAlert } from './sign-in-alert';

export interface EmailCodeStepProps {
  email: string;
  /** What sign-in answered with the step-up: it goes back with the code. */
  token: string;
  onSignedIn(result: LoginResult): void;
  onBack(): void;
}

/**
 * The step-up after the password (issue 17): many wrong passwords were tried on this account lately and
 * this browser's network never signed in to it, so a code emailed to the account is asked for too. The
 * server answers the same whether the password was right, so the page cannot say; only a right one
 * brings the email.
 */
export function EmailCodeStep({ email, token, onSignedIn, onBack }: EmailCodeStepProps) {
  const session = useSession();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [problem, setProblem] = useState<(SignInProblem & { expired?: boolean }) | null>(null);
  const [verifying, setVerifying] = useState(false);
  const slowDown = useSlowDown();
  const secondsLeft = slowDown.secondsLeft;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (secondsLeft > 0) return;
    if (!/^\d{6}$/.test(code)) {
      setCodeError('Enter the 6-digit code from the email');
      return;
    }
    setCodeError(undefined);
    setProblem(null);
    setVerifying(true);
    try {
      onSignedIn(await session.verifySignInCode(token, code));
    } catch (error) {
      const fields = serverFieldErrors(error);
      slowDown.follow(error);
      if (fields.code) setCodeError(fields.code);
      else setProblem({ ...signInProblem(error), expired: !!fields.token });
    } finally {
      setVerifying(false);
    }
  }

  const waiting = secondsLeft > 0;
  return (
    <chakra.form onSubmit={onSubmit} noValidate display="flex" flexDirection="column" gap="5" data-testid="email-code-step">
      <Stack gap="3">
        <Center boxSize="12" borderRadius="full" bg="brand.subtle" color="brand.fg" fontSize="xl">
          <LuMailCheck />
        </Center>
        <Heading as="h2" size="lg" fontWeight="semibold">
          Check your email
        </Heading>
        <Text color="fg.muted" textStyle="sm" data-testid="email-code-hint">
          Many wrong passwords were tried on this account lately, and this device or network has not signed in to it before.
          If the password was right, we emailed a 6-digit code to <Text as="span" fontWeight="medium" color="fg" wordBreak="break-all">{email}</Text>.
          Enter it to finish signing in.
        </Text>
      </Stack>
      {problem && <SignInAlert problem={problem} secondsLeft={secondsLeft} testId="email-code-error" />}
      <Stack gap="1.5">
        <CodeInput
          value={code}
          onChange={(next) => {
            setCode(next);
            setCodeError(undefined);
          }}
          invalid={!!codeError}
          aria-label="Code from the email"
          size="lg"
          textAlign="center"
          fontSize="2xl"
          letterSpacing="0.4em"
          autoFocus
          testId="email-code"
        />
        {codeError && (
          <Text textStyle="sm" color="fg.error" data-testid="email-code-field-error">
            {codeError}
          </Text>
        )}
      </Stack>
      <Stack gap="3">
        {problem?.expired ? (
          <Button colorPalette="brand" size="lg" onClick={onBack} data-testid="email-code-again">
            Sign in again
          </Button>
        ) : (
          <Button type="submit" colorPalette="brand" size="lg" loading={verifying} loadingText="Verifying" disabled={waiting} data-testid="email-code-submit">
            {submitLabel('Verify', secondsLeft)}
          </Button>
        )}
        <Text textStyle="xs" color="fg.muted">
          No email after a minute? Check your spam folder, then go back and check the password: a wrong one gets no code.
        </Text>
        <Button variant="ghost" size="sm" color="fg.muted" alignSelf="flex-start" onClick={onBack} data-testid="email-code-back">
          <LuArrowLeft /> Back to sign in
        </Button>
      </Stack>
    </chakra.form>
  );
}

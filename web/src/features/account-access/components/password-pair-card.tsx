import { Alert, Button, Card, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { LuCircleCheck } from 'react-icons/lu';
import type { FieldErrors } from '../../../lib/validate';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextField } from '../../../components/ui/text-field';

export type PairKey = 'password' | 'confirm_password';

export interface PasswordPairCardProps {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  /** data-testid prefix: `<p>-password`, `<p>-confirm`, `<p>-submit`, `<p>-success`. */
  testPrefix: string;
  /**
   * Checks and sends; resolves the success message, or what to show: messages of the two fields, and a
   * message for the whole form (the link is spent, the connection failed).
   */
  onSubmit(values: { password: string; confirm_password: string }): Promise<{ done: string } | { errors: FieldErrors<PairKey>; message?: string; spentLink?: boolean } | null>;
  /** What a spent link offers under its message (Go to sign in, Send a new link): the form alone leads nowhere. */
  spentLink?: { help: string; actions: ReactNode };
}

/** New password and its confirmation, then a success message (the page redirects after it). */
export function PasswordPairCard({ title, description, submitLabel, testPrefix, onSubmit, spentLink }: PasswordPairCardProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<PairKey>>({});
  const [message, setMessage] = useState<{ text: string; spentLink: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setMessage(null);
    try {
      const outcome = await onSubmit({ password, confirm_password: confirm });
      if (outcome && 'done' in outcome) setDone(outcome.done);
      else {
        setErrors(outcome?.errors ?? {});
        setMessage(outcome?.message ? { text: outcome.message, spentLink: !!outcome.spentLink } : null);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <Card.Root variant="outline" bg="app.surface" borderRadius="xl" boxShadow="xs">
      <Card.Body p={{ base: '5', md: '7' }}>
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h1" size="xl" fontWeight="semibold" letterSpacing="-0.01em">
              {title}
            </Heading>
            {description && <Text color="fg.muted">{description}</Text>}
          </Stack>
          {done ? (
            <Alert.Root status="success" borderRadius="lg" data-testid={`${testPrefix}-success`}>
              <Alert.Indicator>
                <LuCircleCheck />
              </Alert.Indicator>
              <Alert.Content>
                <Alert.Title>{done}</Alert.Title>
                <Alert.Description>Taking you to sign in…</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <chakra.form onSubmit={submit} noValidate display="flex" flexDirection="column" gap="4">
              {message && (
                <Alert.Root status="error" borderRadius="lg" data-testid={`${testPrefix}-error`} role="alert">
                  <Alert.Indicator />
                  <Alert.Content gap="2">
                    <Alert.Title data-testid={`${testPrefix}-error-message`}>{message.text}</Alert.Title>
                    {message.spentLink && spentLink && (
                      <>
                        <Alert.Description>{spentLink.help}</Alert.Description>
                        <HStack gap="2" wrap="wrap" pt="1" data-testid={`${testPrefix}-link-actions`}>
                          {spentLink.actions}
                        </HStack>
                      </>
                    )}
                  </Alert.Content>
                </Alert.Root>
              )}
              <TextField label="New password" required value={password} onChange={setPassword} error={errors.password} helper="At least 8 characters." testId={`${testPrefix}-password`}>
                <PasswordInput
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    setErrors((er) => ({ ...er, password: undefined }));
                  }}
                  testId={`${testPrefix}-password`}
                />
              </TextField>
              <TextField label="Confirm password" required value={confirm} onChange={setConfirm} error={errors.confirm_password} testId={`${testPrefix}-confirm`}>
                <PasswordInput
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(e) => {
                    setConfirm(e.target.value);
                    setErrors((er) => ({ ...er, confirm_password: undefined }));
                  }}
                  testId={`${testPrefix}-confirm`}
                />
              </TextField>
              <Button type="submit" colorPalette="brand" size="lg" loading={sending} mt="1" data-testid={`${testPrefix}-submit`}>
                {submitLabel}
              </Button>
            </chakra.form>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

import { Alert, Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { ResetPinInput } from '@dakiya/shared';
import { useState } from 'react';
import { LuMailCheck } from 'react-icons/lu';
import { api } from '../../../lib/api';
import { useHandleApiError } from '../../../lib/api-errors';
import { validate } from '../../../lib/validate';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';

/**
 * Login's Forgot password (spec 000 §2, §5 'Email is required'): asks for an email and sends a reset
 * link. The server answers the same whether or not the account exists, and so does this dialog.
 */
export default function ForgotPasswordDialog({ supportEmail, onClose }: { supportEmail?: string; onClose(): void }) {
  const handleError = useHandleApiError();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit() {
    const result = validate(ResetPinInput, { email });
    if (!result.ok) {
      setError(result.errors.email);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await api('auth.resetPin', { body: result.data }, { token: null });
      setSentTo(result.data.email);
    } catch (err) {
      handleError(err);
    } finally {
      setSending(false);
    }
  }

  return (
    <FormDialog
      title="Forgot your password?"
      testId="forgot-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      footer={
        sentTo ? (
          <Button colorPalette="brand" onClick={onClose} data-testid="forgot-done">
            Back to sign in
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" colorPalette="brand" loading={sending} data-testid="forgot-submit">
              Send reset link
            </Button>
          </>
        )
      }
    >
      {sentTo ? (
        <Alert.Root status="success" borderRadius="lg" data-testid="forgot-sent">
          <Alert.Indicator>
            <LuMailCheck />
          </Alert.Indicator>
          <Alert.Content>
            <Alert.Title>Check your inbox</Alert.Title>
            <Alert.Description>
              If an account exists for {sentTo}, we have emailed it a link to reset the password. The link works for one hour.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Stack gap="4">
          <Text color="fg.muted" textStyle="sm">
            Enter the email you sign in with and we will send you a link to choose a new password.
          </Text>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@yourstore.pk"
            value={email}
            onChange={(v) => {
              setEmail(v);
              setError(undefined);
            }}
            error={error}
            testId="forgot-email"
            autoFocus
          />
          <Text color="fg.subtle" textStyle="xs">
            Signed up through Shopify and never set a password? Open Dakiya from your Shopify admin
            {supportEmail && (
              <>
                , or email{' '}
                <ChakraLink href={`mailto:${supportEmail}`} color="brand.fg">
                  {supportEmail}
                </ChakraLink>
              </>
            )}
            .
          </Text>
        </Stack>
      )}
    </FormDialog>
  );
}

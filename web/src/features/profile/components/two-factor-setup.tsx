import { Button, chakra, Code, Flex, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { EnableTwoFactorInput, type RouteOutput } from '@dakiya/shared';
import { useState, type FormEvent } from 'react';
import { LuSmartphone } from 'react-icons/lu';
import { api } from '../../../lib/api';
import { useHandleApiError, useUnauthorizedOnly } from '../../../lib/api-errors';
import { useApi } from '../../../lib/swr';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { serverFieldErrors, validate, type FieldErrors } from '../../../lib/validate';
import { CodeInput } from '../../../components/ui/code-input';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { TWO_FACTOR_ENABLED } from '../two-factor';

type Key = 'code' | 'password';

export interface TwoFactorSetupProps {
  onEnabled(answer: RouteOutput<'profile.verifyQrCode'>): void;
  onCancel(): void;
}

/** Scan the QR code, then prove it with a code and the current password (a session alone cannot turn it on). */
export function TwoFactorSetup({ onEnabled, onCancel }: TwoFactorSetupProps) {
  const handleError = useHandleApiError();
  // A new QR code means a new secret: never refetch behind the person's back while they scan.
  const onError = useUnauthorizedOnly();
  const qr = useApi('profile.qrCode', {}, { onError, revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false });
  const [values, setValues] = useState<Record<Key, string>>({ code: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [verifying, setVerifying] = useState(false);

  const set = (key: Key, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  if (qr.error) {
    return <LoadErrorAlert error={qr.error} onRetry={() => void qr.mutate()} retrying={qr.isValidating} testId="twofa-error" />;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validate<EnableTwoFactorInput, Key>(EnableTwoFactorInput, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setVerifying(true);
    try {
      const answer = await api('profile.verifyQrCode', { body: result.data });
      notifySuccess(TWO_FACTOR_ENABLED);
      onEnabled(answer);
    } catch (error) {
      setErrors(serverFieldErrors(error) as FieldErrors<Key>);
      handleError(error);
      setVerifying(false);
    }
  }

  return (
    <Flex gap={{ base: '5', md: '8' }} direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
      <Stack align="center" gap="2" flexShrink={0}>
        {qr.data ? (
          <Image
            src={qr.data.qrCodeDataUrl}
            alt="QR code to scan with your authenticator app"
            boxSize="180px"
            borderWidth="1px"
            borderColor="border.muted"
            borderRadius="lg"
            bg="white"
            p="2"
            data-testid="twofa-qr"
          />
        ) : (
          <Skeleton boxSize="180px" borderRadius="lg" data-testid="twofa-qr-loading" />
        )}
      </Stack>
      <Stack gap="4" flex="1" maxW="md">
        <Stack gap="1">
          <HStack gap="2" fontWeight="semibold">
            <LuSmartphone /> <Text>1. Scan the code</Text>
          </HStack>
          <Text textStyle="sm" color="fg.muted">
            Open Google Authenticator, Microsoft Authenticator or a similar app and scan the QR code.
          </Text>
          {qr.data && (
            <Text textStyle="xs" color="fg.muted">
              Can't scan it? Enter this key instead:{' '}
              <Code size="sm" wordBreak="break-all" data-testid="twofa-secret">
                {qr.data.secret}
              </Code>
            </Text>
          )}
        </Stack>
        <chakra.form onSubmit={onSubmit} noValidate display="flex" flexDirection="column" gap="3" data-testid="twofa-form">
          <Text fontWeight="semibold">2. Confirm with a code and your password</Text>
          <TextField label="6-digit code" required value={values.code} onChange={() => {}} error={errors.code} testId="twofa-code">
            <CodeInput value={values.code} onChange={(next) => set('code', next)} invalid={!!errors.code} letterSpacing="0.3em" maxW="48" disabled={!qr.data} testId="twofa-code" />
          </TextField>
          <TextField label="Current password" required value={values.password} onChange={() => {}} error={errors.password} testId="twofa-password">
            <PasswordInput autoComplete="current-password" value={values.password} onChange={(e) => set('password', e.target.value)} disabled={!qr.data} testId="twofa-password" />
          </TextField>
          <HStack gap="2" pt="1">
            <Button type="submit" colorPalette="brand" loading={verifying} disabled={!qr.data} data-testid="twofa-submit">
              Verify and enable
            </Button>
            <Button variant="ghost" onClick={onCancel} disabled={verifying} data-testid="twofa-setup-cancel">
              Cancel
            </Button>
          </HStack>
        </chakra.form>
      </Stack>
    </Flex>
  );
}

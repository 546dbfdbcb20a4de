import { Alert, Box, Button, chakra, Code, Flex, HStack, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { TwoFactorCode } from '@dakiya/shared';
import { useState, type FormEvent } from 'react';
import { LuShieldCheck, LuSmartphone, LuSparkles } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api';
import { useHandleApiError, useUnauthorizedOnly } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { isRouteKey, useApi } from '../../../lib/swr';
import { serverFieldErrors, validate } from '../../../lib/validate';
import { CodeInput } from '../../../components/ui/code-input';
import { ASK_ADMIN_TO_UPGRADE } from '../../../components/ui/plan-limit-dialog';
import { SectionCard } from '../../../components/ui/section-card';
import { notifySuccess } from '../../../components/ui/toaster';
import { isPlanFeatureError, markTwoFactorEnabled, TWO_FACTOR_ENABLED, TWO_FACTOR_ON } from '../two-factor';

export interface TwoFactorSectionProps {
  enabled: boolean;
  onTokenReplaced(token: string): void;
  /** An ADMIN may open the plans page; anyone else is told to ask one. */
  canUpgrade: boolean;
}

/** Spec 001 §4 "Two-factor": QR code and code entry while off; 'Two factor auth is enabled' once on. */
export function TwoFactorSection({ enabled, onTokenReplaced, canUpgrade }: TwoFactorSectionProps) {
  return (
    <SectionCard
      title="Two factor authentication"
      icon={<LuShieldCheck />}
      description="Ask for a code from an authenticator app each time you sign in."
      testId="twofa-section"
    >
      {enabled ? (
        <Alert.Root status="success" variant="subtle" borderRadius="lg" data-testid="twofa-enabled">
          <Alert.Indicator>
            <LuShieldCheck />
          </Alert.Indicator>
          <Alert.Content>
            <Alert.Title>{TWO_FACTOR_ON}</Alert.Title>
            <Alert.Description>When you sign in, enter the 6-digit code your authenticator app shows.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <TwoFactorSetup onTokenReplaced={onTokenReplaced} canUpgrade={canUpgrade} />
      )}
    </SectionCard>
  );
}

function TwoFactorSetup({ onTokenReplaced, canUpgrade }: { onTokenReplaced(token: string): void; canUpgrade: boolean }) {
  const handleError = useHandleApiError();
  const { mutate } = useSWRConfig();
  // A new QR code means a new secret: never refetch behind the person's back while they scan.
  const onError = useUnauthorizedOnly();
  const qr = useApi('profile.qrCode', {}, {
    onError,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
  });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);

  if (qr.error && isPlanFeatureError(qr.error)) {
    return (
      <Flex
        gap="4"
        align={{ base: 'flex-start', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
        bg="saffron.50"
        borderWidth="1px"
        borderColor="saffron.100"
        borderRadius="lg"
        p="4"
        data-testid="twofa-upgrade"
      >
        <Box color="saffron.700" fontSize="xl">
          <LuSparkles />
        </Box>
        <Stack gap="0.5" flex="1">
          <Text fontWeight="semibold" color="gray.900">{qr.error.message}</Text>
          <Text textStyle="sm" color="gray.700">
            {canUpgrade ? 'Upgrade your plan to protect sign-ins with an authenticator app.' : ASK_ADMIN_TO_UPGRADE}
          </Text>
        </Stack>
        {canUpgrade && (
          <Button asChild colorPalette="brand" size="sm" data-testid="twofa-upgrade-link">
            <Link to={paths.dashboard.plans()}>See plans</Link>
          </Button>
        )}
      </Flex>
    );
  }
  if (qr.error) {
    return (
      <Alert.Root status="warning" borderRadius="lg" data-testid="twofa-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{qr.error.message}</Alert.Title>
        </Alert.Content>
        <Button size="xs" variant="outline" onClick={() => void qr.mutate()}>
          Try again
        </Button>
      </Alert.Root>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validate(TwoFactorCode, { code });
    if (!result.ok) {
      setError(result.errors.code);
      return;
    }
    setError(undefined);
    setVerifying(true);
    try {
      const answer = await api('profile.verifyQrCode', { body: result.data });
      onTokenReplaced(answer.auth_token);
      notifySuccess(TWO_FACTOR_ENABLED);
      void mutate(isRouteKey('profile.get'), markTwoFactorEnabled, { revalidate: true });
    } catch (err) {
      setError(serverFieldErrors(err).code);
      handleError(err);
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
        <chakra.form onSubmit={onSubmit} noValidate display="flex" flexDirection="column" gap="2">
          <Text fontWeight="semibold">2. Enter the 6-digit code</Text>
          <HStack gap="2" align="flex-start">
            <Stack gap="1" flex="1" maxW="48">
              <CodeInput
                value={code}
                onChange={(next) => {
                  setCode(next);
                  setError(undefined);
                }}
                invalid={!!error}
                letterSpacing="0.3em"
                disabled={!qr.data}
                testId="twofa-code"
              />
            </Stack>
            <Button type="submit" colorPalette="brand" loading={verifying} disabled={!qr.data} data-testid="twofa-submit">
              Verify and enable
            </Button>
          </HStack>
          {error && (
            <Text textStyle="sm" color="fg.error" data-testid="twofa-code-error">
              {error}
            </Text>
          )}
        </chakra.form>
      </Stack>
    </Flex>
  );
}

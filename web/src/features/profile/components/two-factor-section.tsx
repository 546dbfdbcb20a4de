import { Alert, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { ERRORS, type PlanId, type TwoFactorProof } from '@dakiya/shared';
import { useState } from 'react';
import { LuKeyRound, LuShieldCheck, LuShieldOff, LuSparkles } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { isRouteKey } from '../../../lib/swr';
import { ASK_ADMIN_TO_UPGRADE } from '../../../components/ui/plan-limit-dialog';
import { SectionCard } from '../../../components/ui/section-card';
import { notifySuccess } from '../../../components/ui/toaster';
import { canSetUpTwoFactor, codesLeftLabel, TWO_FACTOR_DISABLED, TWO_FACTOR_ON, withTwoFactor } from '../two-factor';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { TwoFactorProofDialog } from './two-factor-proof-dialog';
import { TwoFactorSetup } from './two-factor-setup';

export interface TwoFactorSectionProps {
  enabled: boolean;
  plan: PlanId;
  recoveryCodesLeft: number;
  /** For the recovery codes' heading. */
  account: { email: string; shop: string };
  onTokenReplaced(token: string): void;
  /** An ADMIN may open the plans page; anyone else is told to ask one. */
  canUpgrade: boolean;
}

type Dialog = { kind: 'disable' } | { kind: 'renew' } | { kind: 'codes'; codes: string[] } | null;

/**
 * Spec 001 §4 "Two-factor": while off, set-up on paid plans (QR code, code, password) or the upgrade
 * note on FREE; once on, 'Two factor auth is enabled', the recovery codes left, new codes and turning
 * it off (both with the password and a code). On is on whatever the plan: the plan gates set-up only.
 */
export function TwoFactorSection({ enabled, plan, recoveryCodesLeft, account, onTokenReplaced, canUpgrade }: TwoFactorSectionProps) {
  const { mutate } = useSWRConfig();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [settingUp, setSettingUp] = useState(false);

  const markProfile = (on: boolean, left: number) =>
    void mutate(isRouteKey('profile.get'), (current: Parameters<typeof withTwoFactor>[0]) => withTwoFactor(current, on, left), { revalidate: true });

  async function disable(proof: TwoFactorProof) {
    const answer = await api('profile.disableTwoFactor', { body: proof });
    notifySuccess(answer.msg || TWO_FACTOR_DISABLED);
    setDialog(null);
    markProfile(false, 0);
  }

  async function renew(proof: TwoFactorProof) {
    const answer = await api('profile.recoveryCodes', { body: proof });
    setDialog({ kind: 'codes', codes: answer.recovery_codes });
    markProfile(true, answer.recovery_codes.length);
  }

  let body;
  if (enabled) {
    body = (
      <Stack gap="4">
        <Alert.Root status="success" variant="subtle" borderRadius="lg" data-testid="twofa-enabled">
          <Alert.Indicator>
            <LuShieldCheck />
          </Alert.Indicator>
          <Alert.Content>
            <Alert.Title>{TWO_FACTOR_ON}</Alert.Title>
            <Alert.Description>When you sign in, enter the 6-digit code your authenticator app shows.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Flex gap="3" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} justify="space-between">
          <HStack gap="2" color={recoveryCodesLeft <= 2 ? 'fg.warning' : 'fg.muted'} textStyle="sm">
            <LuKeyRound />
            <Text data-testid="twofa-codes-left">{codesLeftLabel(recoveryCodesLeft)}</Text>
          </HStack>
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'renew' })} data-testid="twofa-renew-open">
              <LuKeyRound /> New recovery codes
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDialog({ kind: 'disable' })} data-testid="twofa-disable-open">
              <LuShieldOff /> Turn off
            </Button>
          </HStack>
        </Flex>
      </Stack>
    );
  } else if (!canSetUpTwoFactor(plan)) {
    body = <UpgradeNote canUpgrade={canUpgrade} />;
  } else if (settingUp) {
    body = (
      <TwoFactorSetup
        onCancel={() => setSettingUp(false)}
        onEnabled={(answer) => {
          onTokenReplaced(answer.auth_token);
          setSettingUp(false);
          setDialog({ kind: 'codes', codes: answer.recovery_codes });
          markProfile(true, answer.recovery_codes.length);
        }}
      />
    );
  } else {
    body = (
      <Flex gap="4" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} justify="space-between">
        <Text textStyle="sm" color="fg.muted" maxW="xl">
          Two-factor is off. Turn it on to ask for a code from Google Authenticator, Microsoft Authenticator or a
          similar app each time you sign in, so a stolen password alone is not enough.
        </Text>
        <Button colorPalette="brand" size="sm" onClick={() => setSettingUp(true)} data-testid="twofa-setup-open">
          <LuShieldCheck /> Set up two-factor
        </Button>
      </Flex>
    );
  }

  return (
    <SectionCard
      title="Two factor authentication"
      icon={<LuShieldCheck />}
      description="Ask for a code from an authenticator app each time you sign in."
      testId="twofa-section"
    >
      {body}
      {dialog?.kind === 'disable' && (
        <TwoFactorProofDialog
          title="Turn off two-factor"
          description="Sign-in will ask for your password only. Confirm with your password and a code."
          submitLabel="Turn off"
          testId="twofa-disable"
          onProof={disable}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'renew' && (
        <TwoFactorProofDialog
          title="New recovery codes"
          description="Ten new codes replace all your old ones, used or not. Confirm with your password and a code."
          submitLabel="Create new codes"
          testId="twofa-renew"
          onProof={renew}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'codes' && <RecoveryCodesDialog codes={dialog.codes} account={account} onClose={() => setDialog(null)} />}
    </SectionCard>
  );
}

function UpgradeNote({ canUpgrade }: { canUpgrade: boolean }) {
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
        <Text fontWeight="semibold" color="gray.900">{ERRORS.PLAN_FEATURE.msg}</Text>
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

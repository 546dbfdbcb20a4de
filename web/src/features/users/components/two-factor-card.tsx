import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { User } from '@dakiya/shared';
import { useState } from 'react';
import { LuShieldCheck, LuShieldOff } from 'react-icons/lu';
import { api } from '../../../lib/api';
import { useHandleApiError } from '../../../lib/api-errors';
import { fullName } from '../../../lib/format';
import { useConfirm } from '../../../components/ui/confirm';
import { SectionCard } from '../../../components/ui/section-card';
import { notifySuccess } from '../../../components/ui/toaster';

export const TWO_FACTOR_RESET = 'Two factor authentication has been reset';

/** What the reset can do for this member, or why it is not offered. */
export function twoFactorResetNote(user: Pick<User, 'two_factor_enabled' | 'is_owner'>, isSelf: boolean): { canReset: boolean; note: string } {
  // One's own page speaks to oneself.
  if (!user.two_factor_enabled && isSelf) return { canReset: false, note: 'You sign in with your password only. Turn two-factor on from your profile.' };
  if (!user.two_factor_enabled) return { canReset: false, note: 'They sign in with their password only. They can turn it on from their profile.' };
  if (isSelf) return { canReset: false, note: 'Turn yours off from your profile, with your password and a code.' };
  if (user.is_owner) return { canReset: false, note: "Only the store owner changes the owner's two-factor: the owner's recovery codes replace a lost phone." };
  return { canReset: true, note: 'If they lost their phone, reset it: they sign in with their password and can set it up again.' };
}

/** An ADMIN resets a staff member's two-factor (a lost phone); the server refuses the owner's and one's own too. */
export function TwoFactorCard({ user, isSelf, onSaved }: { user: User; isSelf: boolean; onSaved(user: User): void }) {
  const confirm = useConfirm();
  const handleError = useHandleApiError();
  const [busy, setBusy] = useState(false);
  const { canReset, note } = twoFactorResetNote(user, isSelf);

  async function reset() {
    const name = fullName(user) || user.email;
    const ok = await confirm({
      title: `Reset ${name}'s two-factor?`,
      message: `${name} will sign in with the password alone until they set up two-factor again. Do this only when you know they asked for it.`,
      confirmLabel: 'Reset two-factor',
      cancelLabel: 'Cancel',
      destructive: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const answer = await api('users.resetTwoFactor', { params: { id: user._id } });
      notifySuccess(answer.msg || TWO_FACTOR_RESET);
      onSaved(answer.user);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard title="Two-factor" icon={<LuShieldCheck />} testId="user-twofa-section">
      <Stack gap="3">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Badge colorPalette={user.two_factor_enabled ? 'green' : 'gray'} variant="subtle" data-testid="user-twofa-status">
            {user.two_factor_enabled ? 'On' : 'Off'}
          </Badge>
          {canReset && (
            <Button size="sm" variant="outline" colorPalette="red" loading={busy} onClick={() => void reset()} data-testid="user-twofa-reset">
              <LuShieldOff /> Reset two-factor
            </Button>
          )}
        </HStack>
        <Text textStyle="sm" color="fg.muted">
          {note}
        </Text>
      </Stack>
    </SectionCard>
  );
}

import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { LuRotateCcw } from 'react-icons/lu';
import { SectionCard } from '../../../components/ui/section-card';

export interface Choices {
  users: boolean;
  accounts: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * `subscribe?users=&accounts=`: off by default. When the new charge is active, they reactivate what
 * moves to FREE deactivated and are still inactive; otherwise each is reactivated by hand.
 */
export function ReactivateChoices({ deactivated, choices, onChange }: {
  deactivated: { users: number; accounts: number };
  choices: Choices;
  onChange(next: Choices): void;
}) {
  return (
    <SectionCard
      title="When you subscribe again"
      icon={<LuRotateCcw />}
      description="Moving to the free plan deactivated these, and they are still inactive. Choose what comes back with the new plan; the rest you can reactivate by hand."
      testId="plans-reactivate"
    >
      <Stack gap="3">
        {deactivated.users > 0 && (
          <Checkbox.Root colorPalette="brand" checked={choices.users} onCheckedChange={(e) => onChange({ ...choices, users: e.checked === true })} data-testid="plans-reactivate-users">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Reactivate {plural(deactivated.users, 'staff user', 'staff users')}</Checkbox.Label>
          </Checkbox.Root>
        )}
        {deactivated.accounts > 0 && (
          <Checkbox.Root colorPalette="brand" checked={choices.accounts} onCheckedChange={(e) => onChange({ ...choices, accounts: e.checked === true })} data-testid="plans-reactivate-accounts">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Reactivate {plural(deactivated.accounts, 'tracking account', 'tracking accounts')}</Checkbox.Label>
          </Checkbox.Root>
        )}
        <Text textStyle="xs" color="fg.muted">Nothing changes until you approve the charge on Shopify.</Text>
      </Stack>
    </SectionCard>
  );
}

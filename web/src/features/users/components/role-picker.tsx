import { HStack, RadioCard } from '@chakra-ui/react';
import type { Role } from '@dakiya/shared';

const ROLES: readonly { value: Role; title: string; description: string }[] = [
  { value: 'USER', title: 'User', description: 'Only the access you tick below' },
  { value: 'ADMIN', title: 'Admin', description: 'Everything, including staff and plans' },
];

/** USER or ADMIN as two cards. */
export function RolePicker({ value, onChange, disabled }: { value: Role; onChange(role: Role): void; disabled?: boolean }) {
  return (
    <RadioCard.Root
      value={value}
      onValueChange={(e) => {
        if (e.value === 'USER' || e.value === 'ADMIN') onChange(e.value);
      }}
      colorPalette="brand"
      size="sm"
      disabled={disabled}
      data-testid="role-picker"
    >
      <RadioCard.Label>Role</RadioCard.Label>
      <HStack align="stretch" gap="3" flexDirection={{ base: 'column', sm: 'row' }}>
        {ROLES.map((role) => (
          <RadioCard.Item key={role.value} value={role.value} flex="1" data-testid={`role-${role.value}`}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemContent>
                <RadioCard.ItemText>{role.title}</RadioCard.ItemText>
                <RadioCard.ItemDescription>{role.description}</RadioCard.ItemDescription>
              </RadioCard.ItemContent>
              <RadioCard.ItemIndicator />
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </HStack>
    </RadioCard.Root>
  );
}

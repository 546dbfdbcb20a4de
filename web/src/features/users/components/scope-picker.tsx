import { Alert, Badge, Box, Checkbox, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { SCOPE_CATALOGUE, type Scope } from '@dakiya/shared';
import { LuShieldCheck } from 'react-icons/lu';
import { groupLabel, scopeLabel } from '../../../lib/scopes';
import { ADMIN_SCOPES_NOTE } from '../user-form';
import { groupCheck, toggleGroup, toggleScope } from '../scope-groups';

export interface ScopePickerProps {
  value: readonly Scope[];
  onChange(next: Scope[]): void;
  error?: string;
  disabled?: boolean;
}

/** The scope catalogue grouped by type; a group checkbox toggles all its scopes (indeterminate when partial). */
export function ScopePicker({ value, onChange, error, disabled }: ScopePickerProps) {
  return (
    // Not inside a Field: a Field gives every checkbox in it the same input id.
    <Stack gap="2" w="full" data-testid="scope-picker" data-field="access_scopes" aria-invalid={!!error}>
      <Stack gap="3" w="full">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {SCOPE_CATALOGUE.map((group) => {
            const check = groupCheck(group, value);
            const held = group.scopes.filter((s) => value.includes(s.scope)).length;
            return (
              <Box
                key={group.type}
                borderWidth="1px"
                borderColor={check === false ? 'border.muted' : 'brand.emphasized'}
                bg={check === false ? 'app.surface' : 'brand.subtle/40'}
                borderRadius="lg"
                p="4"
                gridRow={group.scopes.length > 2 ? 'span 2' : undefined}
              >
                <HStack justify="space-between" mb="3">
                  <Checkbox.Root
                    checked={check}
                    colorPalette="brand"
                    disabled={disabled}
                    onCheckedChange={() => onChange(toggleGroup(SCOPE_CATALOGUE, group.type, value))}
                    data-testid={`scope-group-${group.type}`}
                    data-state-check={String(check)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontWeight="semibold">{groupLabel(group.type)}</Checkbox.Label>
                  </Checkbox.Root>
                  <Badge size="sm" variant={held ? 'subtle' : 'outline'} colorPalette={held ? 'brand' : 'gray'}>
                    {held} of {group.scopes.length}
                  </Badge>
                </HStack>
                <Stack gap="3" ps="7">
                  {group.scopes.map((entry) => (
                    <Checkbox.Root
                      key={entry.scope}
                      alignItems="flex-start"
                      colorPalette="brand"
                      size="sm"
                      disabled={disabled}
                      checked={value.includes(entry.scope)}
                      onCheckedChange={() => onChange(toggleScope(SCOPE_CATALOGUE, entry.scope, value))}
                      data-testid={`scope-${entry.scope}`}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control mt="0.5" />
                      <Stack gap="0">
                        <Checkbox.Label fontWeight="medium">{scopeLabel(entry.scope)}</Checkbox.Label>
                        <Text textStyle="xs" color="fg.muted">
                          {entry.description}
                        </Text>
                      </Stack>
                    </Checkbox.Root>
                  ))}
                </Stack>
              </Box>
            );
          })}
        </SimpleGrid>
      </Stack>
      {error && (
        <Text textStyle="sm" color="fg.error" role="alert" data-testid="scopes-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** Shown instead of the picker for an ADMIN. */
export function AdminScopesNote() {
  return (
    <Alert.Root status="info" variant="subtle" borderRadius="lg" data-testid="admin-scopes-note">
      <Alert.Indicator>
        <LuShieldCheck />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>{ADMIN_SCOPES_NOTE}</Alert.Title>
        <Alert.Description>Admins can also manage staff users and the plan.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

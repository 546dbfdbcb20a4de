import { Button, Combobox, createListCollection, HStack, Portal, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { Member } from '../api/use-members';

export interface BookedByFieldProps {
  members: Member[];
  value: readonly string[];
  onChange(ids: string[]): void;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
}

/** Members whose full name (or tag) contains what is typed, ignoring case. */
export function matchMembers(members: readonly Member[], typed: string): Member[] {
  const needle = typed.trim().toLowerCase();
  if (!needle) return [...members];
  return members.filter((m) => m.name.toLowerCase().includes(needle) || m.tag.toLowerCase().includes(needle));
}

/** Spec §2 "Booked by": a searchable multi-select of the shop's members by full name; the chosen ones listed under it. */
export function BookedByField({ members, value, onChange, loading, failed, onRetry }: BookedByFieldProps) {
  const [typed, setTyped] = useState('');
  const shown = useMemo(() => matchMembers(members, typed), [members, typed]);
  const collection = useMemo(
    () => createListCollection({ items: shown, itemToString: (m) => m.name, itemToValue: (m) => m.id }),
    [shown],
  );
  const chosen = value.map((id) => members.find((m) => m.id === id) ?? { id, name: 'A former member', tag: '' });

  return (
    <Stack gap="1.5">
      <Combobox.Root
        collection={collection}
        multiple
        value={[...value]}
        onValueChange={(details) => onChange(details.value)}
        inputValue={typed}
        onInputValueChange={(details) => setTyped(details.inputValue)}
        openOnClick
        size="sm"
        data-testid="orders-filter-bookedBy"
      >
        <Combobox.Label textStyle="sm" fontWeight="medium">Booked by</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input bg="bg" placeholder={value.length ? `${value.length} chosen · type a name` : 'Type a name'} data-testid="orders-filter-bookedBy-input" />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content>
              <Combobox.Empty>{loading ? 'Loading members…' : failed ? 'The members could not be loaded.' : 'No member has that name.'}</Combobox.Empty>
              {shown.map((member) => (
                <Combobox.Item key={member.id} item={member} data-testid={`orders-filter-bookedBy-option-${member.id}`}>
                  <Combobox.ItemText>
                    {member.name}
                    {member.tag && <Text as="span" color="fg.muted"> · {member.tag}</Text>}
                  </Combobox.ItemText>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {failed && (
        <HStack gap="2">
          <Text textStyle="xs" color="fg.error">The members could not be loaded.</Text>
          <Button size="2xs" variant="outline" onClick={onRetry}>Try again</Button>
        </HStack>
      )}
      {chosen.length > 0 && (
        <Wrap gap="1">
          {chosen.map((member) => (
            <Tag.Root key={member.id} size="sm" variant="subtle" colorPalette="brand">
              <Tag.Label>{member.name}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label={`Remove ${member.name}`} onClick={() => onChange(value.filter((id) => id !== member.id))} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      )}
    </Stack>
  );
}

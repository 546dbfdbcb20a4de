import { Button, Tag, Wrap } from '@chakra-ui/react';
import type { Chip, FilterPatch } from '../orders-view';

/** Spec §2: the applied filters as removable chips, with a clear-all. */
export function FilterChips({ chips, change, clearAll }: { chips: Chip[]; change(patch: FilterPatch): void; clearAll(): void }) {
  if (chips.length === 0) return null;
  return (
    <Wrap gap="2" align="center" data-testid="orders-chips">
      {chips.map((chip) => (
        <Tag.Root key={chip.id} size="lg" variant="subtle" colorPalette="brand" data-testid={`orders-chip-${chip.id}`}>
          <Tag.Label>{chip.label}</Tag.Label>
          <Tag.EndElement>
            <Tag.CloseTrigger aria-label={`Remove ${chip.label}`} onClick={() => change(chip.remove)} data-testid={`orders-chip-${chip.id}-remove`} />
          </Tag.EndElement>
        </Tag.Root>
      ))}
      <Button variant="plain" size="xs" color="brand.fg" onClick={clearAll} data-testid="orders-clear-filters">
        Clear all
      </Button>
    </Wrap>
  );
}

import { Button, DatePicker, Grid, parseDate, Portal, Stack, Text, type DateValue } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCalendar, LuChevronDown } from 'react-icons/lu';
import { dayRangeLabel, isDay } from '../../lib/days';
import { CalendarViews } from './date-range-field';

/** Both ends of a range of calendar days (YYYY-MM-DD), inclusive. */
export interface ClosedRange {
  start: string;
  end: string;
}

export interface RangePreset {
  id: string;
  label: string;
  range: ClosedRange;
}

export interface PresetRangePickerProps {
  /** What the picker chooses ('Booking date'): its trigger's name starts with it. */
  label: string;
  presets: readonly RangePreset[];
  value: ClosedRange;
  onChange(range: ClosedRange): void;
  timeZone?: string;
  testId?: string;
}

const dayValue = (day: string): DateValue | undefined => (isDay(day) ? parseDate(day) : undefined);

/** The preset a range is, or 'Custom' (spec 000 §2: a range matching no preset is labelled custom). */
export function rangeName(presets: readonly RangePreset[], value: ClosedRange): string {
  return presets.find((p) => p.range.start === value.start && p.range.end === value.end)?.label ?? 'Custom';
}

/**
 * A closed range picked from named presets or on a calendar (Chakra's date picker). A preset applies at
 * once; a calendar range once both ends are picked (closing halfway keeps the old range).
 */
export function PresetRangePicker({ label, presets, value, onChange, timeZone, testId }: PresetRangePickerProps) {
  const [open, setOpen] = useState(false);
  const [picking, setPicking] = useState<DateValue[] | null>(null);
  const committed = [dayValue(value.start), dayValue(value.end)].filter((d): d is DateValue => d !== undefined);
  const name = rangeName(presets, value);
  const pick = (range: ClosedRange) => {
    setPicking(null);
    setOpen(false);
    onChange(range);
  };

  return (
    <DatePicker.Root
      selectionMode="range"
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (!details.open) setPicking(null);
      }}
      value={picking ?? committed}
      onValueChange={(details) => {
        if (details.value.length === 2) pick({ start: details.value[0]!.toString(), end: details.value[1]!.toString() });
        else setPicking(details.value);
      }}
      closeOnSelect={false}
      timeZone={timeZone}
      startOfWeek={1}
      size="sm"
      data-testid={testId}
    >
      <DatePicker.Control>
        <DatePicker.Trigger asChild unstyled>
          <Button variant="outline" size="sm" bg="bg" aria-label={`${label}: ${name}, ${dayRangeLabel({ from: value.start, to: value.end }) ?? ''}`} data-testid={testId ? `${testId}-trigger` : undefined}>
            <LuCalendar aria-hidden />
            <Text as="span">{name}</Text>
            <LuChevronDown aria-hidden />
          </Button>
        </DatePicker.Trigger>
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content data-testid={testId ? `${testId}-calendar` : undefined}>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Grid templateColumns={{ base: 'repeat(2, 1fr)', sm: '1fr' }} gap="1" alignContent="start" minW={{ sm: '32' }} role="group" aria-label="Presets">
                {presets.map((preset) => (
                  <Button
                    key={preset.id}
                    size="xs"
                    variant={name === preset.label ? 'subtle' : 'ghost'}
                    justifyContent="flex-start"
                    aria-pressed={name === preset.label}
                    onClick={() => pick(preset.range)}
                  >
                    {preset.label}
                  </Button>
                ))}
              </Grid>
              <Stack gap="2">
                <CalendarViews />
                <Text textStyle="xs" color="fg.muted">{picking ? 'Now pick the last day.' : 'Custom range: pick the first day, then the last.'}</Text>
              </Stack>
            </Stack>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}

import { Button, DatePicker, Grid, parseDate, Portal, Stack, Text, type DateValue } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCalendar } from 'react-icons/lu';
import { dayRangeLabel, isDay } from '../../lib/days';

/** Calendar days (YYYY-MM-DD); either end may be open. */
export interface DayRange {
  from?: string;
  to?: string;
}

export interface DateRangeFieldProps {
  label: string;
  value: DayRange;
  onChange(range: DayRange): void;
  /** The time zone whose 'today' and presets count (the shop's). */
  timeZone?: string;
  testId?: string;
}

const PRESETS = [
  { value: 'last7Days', label: 'Last 7 days' },
  { value: 'last30Days', label: 'Last 30 days' },
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
] as const;

function dayValue(day: string | undefined): DateValue | undefined {
  if (!isDay(day)) return undefined;
  try {
    return parseDate(day);
  } catch {
    return undefined;
  }
}

/**
 * A date range picked on Chakra's date picker (a trigger that reads like a field, a calendar with a few
 * presets). The range is only given back once both ends are picked; closing halfway keeps the old one.
 */
export function DateRangeField({ label, value, onChange, timeZone, testId }: DateRangeFieldProps) {
  const from = dayValue(value.from);
  const to = dayValue(value.to);
  const committed = from && to ? [from, to] : from ? [from] : [];
  // the first end of a new range, while the second is being picked
  const [picking, setPicking] = useState<DateValue[] | null>(null);
  const shown = dayRangeLabel(value);

  return (
    <DatePicker.Root
      selectionMode="range"
      value={picking ?? committed}
      onValueChange={(details) => {
        if (details.value.length === 2) {
          setPicking(null);
          onChange({ from: details.value[0]!.toString(), to: details.value[1]!.toString() });
        } else if (details.value.length === 0) {
          setPicking(null);
          onChange({});
        } else {
          setPicking(details.value);
        }
      }}
      onOpenChange={(details) => { if (!details.open) setPicking(null); }}
      timeZone={timeZone}
      startOfWeek={1}
      size="sm"
      data-testid={testId}
    >
      <DatePicker.Label textStyle="sm" fontWeight="medium">{label}</DatePicker.Label>
      <DatePicker.Control>
        <DatePicker.Trigger asChild unstyled>
          <Button
            variant="outline"
            size="sm"
            width="full"
            justifyContent="flex-start"
            fontWeight="normal"
            bg="bg"
            pe="8"
            color={shown ? 'fg' : 'fg.muted'}
            // what it shows is part of its name (the kit's own name, 'Open calendar', would hide the range)
            aria-label={`${label}: ${shown ?? 'Any date'}`}
            data-testid={testId ? `${testId}-trigger` : undefined}
          >
            <LuCalendar aria-hidden />
            <Text as="span" truncate>{shown ?? 'Any date'}</Text>
          </Button>
        </DatePicker.Trigger>
        {shown && (
          <DatePicker.IndicatorGroup>
            <DatePicker.ClearTrigger aria-label={`Clear ${label.toLowerCase()}`} data-testid={testId ? `${testId}-clear` : undefined} />
          </DatePicker.IndicatorGroup>
        )}
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content data-testid={testId ? `${testId}-calendar` : undefined}>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Grid templateColumns={{ base: 'repeat(2, 1fr)', sm: '1fr' }} gap="1" alignContent="start" minW={{ sm: '28' }}>
                {PRESETS.map((preset) => (
                  <DatePicker.PresetTrigger key={preset.value} value={preset.value} asChild>
                    <Button size="xs" variant="ghost" justifyContent="flex-start">{preset.label}</Button>
                  </DatePicker.PresetTrigger>
                ))}
              </Grid>
              <Stack gap="2">
                <CalendarViews />
                <Text textStyle="xs" color="fg.muted">{picking ? 'Now pick the last day.' : 'Pick the first day, then the last.'}</Text>
              </Stack>
            </Stack>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}

/** The calendar's day, month and year views, as both range pickers show them. */
export function CalendarViews() {
  return (
    <>
      <DatePicker.View view="day">
        <DatePicker.Header />
        <DatePicker.DayTable />
      </DatePicker.View>
      <DatePicker.View view="month">
        <DatePicker.Header />
        <DatePicker.MonthTable />
      </DatePicker.View>
      <DatePicker.View view="year">
        <DatePicker.Header />
        <DatePicker.YearTable />
      </DatePicker.View>
    </>
  );
}

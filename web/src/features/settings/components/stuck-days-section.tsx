import { Box, Input, InputGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { COURIER_DEFINITIONS, STUCK_MAX_DAYS, STUCK_MIN_DAYS, STUCK_RULE_LABELS, STUCK_RULES } from '@dakiya/shared';
import { LuTimer } from 'react-icons/lu';
import { SectionCard } from '../../../components/ui/section-card';
import { TextField } from '../../../components/ui/text-field';
import { stuckField, type SettingsErrors, type SettingsValues, type StuckField } from '../settings-form';

interface StuckDaysSectionProps {
  values: SettingsValues;
  errors: SettingsErrors;
  readOnly: boolean;
  set(key: StuckField, value: string): void;
}

/** Stuck parcels (issue 22): per courier, the days each state may last before the parcel needs attention. */
export function StuckDaysSection({ values, errors, readOnly, set }: StuckDaysSectionProps) {
  return (
    <SectionCard
      title="Stuck parcels"
      icon={<LuTimer />}
      description="Days a parcel may stay in one state before it shows under 'Needs attention'. The automatic status updates of the Monthly and Yearly plans check them."
      testId="settings-stuck"
    >
      <Stack gap="5">
        {COURIER_DEFINITIONS.map((courier) => (
          <Box as="fieldset" key={courier.id} data-testid={`settings-stuck-${courier.id}`}>
            <Text as="legend" fontWeight="semibold" mb="2">{courier.name}</Text>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {STUCK_RULES.map((rule) => {
                const key = stuckField(courier.id, rule);
                return (
                  <TextField key={key} label={STUCK_RULE_LABELS[rule]} name={key} required value={values[key]} onChange={(v) => set(key, v)} error={errors[key]}>
                    <InputGroup endAddon="days">
                      <Input
                        name={key}
                        type="number"
                        inputMode="numeric"
                        min={STUCK_MIN_DAYS}
                        max={STUCK_MAX_DAYS}
                        step={1}
                        value={values[key]}
                        onChange={(e) => set(key, e.target.value)}
                        readOnly={readOnly}
                        data-testid={`settings-stuck-${courier.id}-${rule}`}
                      />
                    </InputGroup>
                  </TextField>
                );
              })}
            </SimpleGrid>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}

import { Box, Field, Heading, HStack, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { LIMITS, PAKISTAN_CITIES } from '@dakiya/shared';
import type { ReactNode } from 'react';
import { LuLock } from 'react-icons/lu';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextField } from '../../../components/ui/text-field';
import type { CredentialField } from '../couriers';

export interface CityFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  helper?: ReactNode;
  testId: string;
  required?: boolean;
  placeholder?: string;
  /** As a refusal names it (`city`, `shipper_city`). */
  name?: string;
}

/** A city from Dakiya's list of Pakistani cities (`PAKISTAN_CITIES`). */
export function CityField({ label, value, onChange, error, helper, testId, required = true, placeholder = 'Select a city', name }: CityFieldProps) {
  return (
    <TextField label={label} name={name} value={value} onChange={onChange} error={error} helper={helper} testId={testId} required={required}>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId} placeholder={placeholder}>
          {PAKISTAN_CITIES.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </TextField>
  );
}

export interface CredentialInputProps {
  field: CredentialField;
  value: string;
  onChange(value: string): void;
  error?: string;
  /** Replaces the field's own helper text. */
  helper?: ReactNode;
  /** Default true. */
  required?: boolean;
}

/** One courier field: a secret gets show/hide, a city a select, a permanent one says so. */
export function CredentialInput({ field, value, onChange, error, helper, required = true }: CredentialInputProps) {
  const testId = `field-${field.key}`;
  if (field.kind === 'city') {
    return <CityField label={field.label} name={field.key} value={value} onChange={onChange} error={error} helper={helper ?? field.helper} testId={testId} required={required} />;
  }
  const note =
    helper ??
    (field.permanent ? (
      <HStack as="span" gap="1" display="inline-flex">
        <LuLock aria-hidden />
        <span>Can’t be changed later</span>
      </HStack>
    ) : (
      field.helper
    ));
  const common = {
    value,
    maxLength: field.max,
    placeholder: field.placeholder,
    autoComplete: 'off',
    spellCheck: false,
  } as const;
  return (
    <TextField label={field.label} name={field.key} required={required} value={value} onChange={onChange} error={error} helper={note} testId={testId}>
      {field.kind === 'secret' ? (
        <PasswordInput {...common} autoComplete="new-password" onChange={(e) => onChange(e.target.value)} testId={testId} />
      ) : (
        <Input {...common} type={field.kind === 'tel' ? 'tel' : 'text'} inputMode={field.kind === 'tel' ? 'tel' : undefined} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
      )}
    </TextField>
  );
}

export interface WeightFieldProps {
  value: string;
  onChange(value: string): void;
  error?: string;
  testId?: string;
}

/** Grams, 0 to 50000 (spec 001 §5): the weight booked when an order has none. */
export function WeightField({ value, onChange, error, testId = 'field-weight' }: WeightFieldProps) {
  return (
    <TextField label="Default parcel weight" name="weight" value={value} onChange={onChange} error={error} testId={testId} helper="Used when an order has no weight. 0 to 50,000 grams.">
      <InputGroup endAddon="grams">
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={LIMITS.maxAccountWeightGrams}
          step={1}
          name="weight"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
        />
      </InputGroup>
    </TextField>
  );
}

export interface SwitchFieldProps {
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  testId: string;
  disabled?: boolean;
  /** As a refusal names it (`is_default`). */
  name?: string;
}

/** A labelled switch with a line of explanation under it. */
export function SwitchField({ label, description, checked, onChange, testId, disabled, name }: SwitchFieldProps) {
  return (
    <Field.Root disabled={disabled} data-field={name}>
      <Switch.Root colorPalette="brand" checked={checked} disabled={disabled} onCheckedChange={(e) => onChange(e.checked)} data-testid={testId} alignItems="flex-start">
        <Switch.HiddenInput />
        <Switch.Control mt="0.5" />
        <Switch.Label>
          <Text fontWeight="medium">{label}</Text>
          <Text textStyle="sm" color="fg.muted" fontWeight="normal">
            {description}
          </Text>
        </Switch.Label>
      </Switch.Root>
    </Field.Root>
  );
}

/** The TCS shipper fields under their own heading, two to a row. */
export function ShipperDetails({ children }: { children: ReactNode }) {
  return (
    <Stack gap="3" pt="2">
      <Box>
        <Heading as="h3" size="sm">
          Shipper details
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          Printed on TCS airway bills as the sender.
        </Text>
      </Box>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

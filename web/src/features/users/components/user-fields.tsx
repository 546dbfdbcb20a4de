import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { TextField } from '../../../components/ui/text-field';
import type { FieldErrors } from '../../../lib/validate';
import type { UserField, UserFormValues } from '../user-form';
import { RolePicker } from './role-picker';
import { AdminScopesNote, ScopePicker } from './scope-picker';

type TextKey = 'first_name' | 'last_name' | 'tag' | 'phone' | 'province' | 'address' | 'city' | 'country';

interface FieldsProps {
  values: UserFormValues;
  errors: FieldErrors<UserField>;
  limits: Record<TextKey, number>;
  set(key: TextKey, value: string): void;
}

const id = (key: string) => `user-${key.replace('_', '-')}`;

/** First and last name. */
export function NameFields({ values, errors, limits, set }: FieldsProps) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {(['first_name', 'last_name'] as const).map((key) => (
        <TextField
          key={key}
          name={key}
          label={key === 'first_name' ? 'First name' : 'Last name'}
          required
          autoComplete={key === 'first_name' ? 'given-name' : 'family-name'}
          value={values[key]}
          onChange={(v) => set(key, v)}
          maxLength={limits[key]}
          error={errors[key]}
          testId={id(key)}
        />
      ))}
    </SimpleGrid>
  );
}

/** Tag and phone. */
export function TagPhoneFields({ values, errors, limits, set }: FieldsProps) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <TextField
        label="Tag"
        name="tag"
        required
        value={values.tag}
        onChange={(v) => set('tag', v)}
        maxLength={limits.tag}
        error={errors.tag}
        helper="A short label shown on the orders this person books, e.g. their initials."
        testId="user-tag"
      />
      <TextField
        label="Phone"
        name="phone"
        optional
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0300 1234567"
        value={values.phone}
        onChange={(v) => set('phone', v)}
        maxLength={limits.phone}
        error={errors.phone}
        testId="user-phone"
      />
    </SimpleGrid>
  );
}

/** Address, city, province, country: all optional. */
export function AddressFields({ values, errors, limits, set }: FieldsProps) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <TextField
        label="Address"
        name="address"
        optional
        autoComplete="street-address"
        value={values.address}
        onChange={(v) => set('address', v)}
        maxLength={limits.address}
        error={errors.address}
        testId="user-address"
      />
      <TextField label="City" name="city" optional autoComplete="address-level2" value={values.city} onChange={(v) => set('city', v)} maxLength={limits.city} error={errors.city} testId="user-city" />
      <TextField label="Province" name="province" optional autoComplete="address-level1" value={values.province} onChange={(v) => set('province', v)} maxLength={limits.province} error={errors.province} testId="user-province" />
      <TextField label="Country" name="country" optional autoComplete="country-name" value={values.country} onChange={(v) => set('country', v)} maxLength={limits.country} error={errors.country} testId="user-country" />
    </SimpleGrid>
  );
}

/** The role, then the areas a USER may open (an ADMIN opens all of them). */
export function RoleAccessFields({
  values,
  errors,
  set,
  roleLockedReason,
}: Pick<FieldsProps, 'values' | 'errors'> & {
  set<K extends UserField>(key: K, value: UserFormValues[K]): void;
  /** The role cannot change (the store owner's), and why. */
  roleLockedReason?: string;
}) {
  return (
    <Stack gap="5">
      <Stack gap="1.5" data-field="role">
        <RolePicker value={values.role} onChange={(role) => set('role', role)} disabled={!!roleLockedReason} />
        {roleLockedReason && (
          <Text textStyle="sm" color="fg.muted" data-testid="role-locked">
            {roleLockedReason}
          </Text>
        )}
      </Stack>
      {values.role === 'ADMIN' ? (
        <AdminScopesNote />
      ) : (
        <ScopePicker value={values.access_scopes} onChange={(next) => set('access_scopes', next)} error={errors.access_scopes} />
      )}
    </Stack>
  );
}

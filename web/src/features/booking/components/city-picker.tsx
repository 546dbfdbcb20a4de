import { Alert, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { LuCircleCheck, LuRefreshCw } from 'react-icons/lu';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { useApi } from '../../../lib/swr';
import { cityListLabel, cityMatchFor, citySearch, closestCities, noCityMessage } from '../book-form';

export interface CityPickerProps {
  accountId: string;
  /** The account's courier, as its cities are named ('No TCS city matches …'). */
  courierName: string;
  /** The city as the order has it. */
  orderCity: string;
  value: string;
  onChange(key: string): void;
  error?: string;
}

/**
 * The destination city from the chosen account's courier list. The order's city is matched first
 * (the same matcher the server uses); when it is unsure, its suggestions are one click away, and
 * any city of the list can be searched.
 */
export function CityPicker({ accountId, courierName, orderCity, value, onChange, error }: CityPickerProps) {
  const onError = useUnauthorizedOnly();
  const { data, error: loadError, isLoading, isValidating, mutate } = useApi(
    'accounts.cities',
    accountId ? { params: { tracking_account_id: accountId } } : null,
    { onError, revalidateOnFocus: false, dedupingInterval: 300_000 },
  );
  const cities = useMemo(() => data?.cities ?? [], [data]);
  const match = useMemo(() => (cities.length ? cityMatchFor(orderCity, cities) : null), [orderCity, cities]);
  const [search, setSearch] = useState('');

  // a matched city is chosen for the person; a new account's list starts the choice again
  useEffect(() => {
    if (!cities.length) return;
    if (cities.some((c) => c.value === value)) return;
    onChange(match?.kind === 'match' ? match.city.key : '');
  }, [cities, match]);

  const found = useMemo(() => citySearch(search, cities, courierName), [search, cities, courierName]);
  const shown = useMemo(() => {
    // the chosen city stays an option while the search hides others
    const chosen = cities.find((c) => c.value === value);
    return chosen && !found.shown.includes(chosen) ? [chosen, ...found.shown] : found.shown;
  }, [cities, found, value]);

  if (loadError) {
    return (
      <Alert.Root status="warning" borderRadius="lg" data-testid="book-cities-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>City fetching failed</Alert.Title>
          <Alert.Description>The courier's city list did not load. Try again, or choose another account.</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" bg="bg" loading={isValidating} onClick={() => void mutate()} data-testid="book-cities-retry">
          <LuRefreshCw /> Try again
        </Button>
      </Alert.Root>
    );
  }

  const chosen = cities.find((c) => c.value === value);
  return (
    <Stack gap="3">
      <Text textStyle="sm" color="fg.muted">
        The order says <Text as="span" fontWeight="semibold" color="fg" data-testid="book-order-city">{orderCity || 'no city'}</Text>.
      </Text>
      {match?.kind === 'match' && chosen && chosen.value === match.city.key && (
        <HStack gap="2" color="green.fg" textStyle="sm" data-testid="book-city-matched">
          <LuCircleCheck /> <Text>Matched to {chosen.label} in the courier's list.</Text>
        </HStack>
      )}
      {match?.kind === 'no-match' && !chosen && (
        <Alert.Root status="info" borderRadius="lg" data-testid="book-city-unsure">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title data-testid="book-city-unsure-message">
              {orderCity.trim() ? `${noCityMessage(courierName, orderCity)} ${match.suggestions.length > 0 ? 'Did you mean one of these?' : 'The nearest by name:'}` : match.message}
            </Alert.Title>
            <CityChoices
              cities={match.suggestions.length > 0 ? match.suggestions.map((c) => ({ label: c.name, value: c.key })) : orderCity.trim() ? closestCities(orderCity, cities) : []}
              onChoose={onChange}
              testId="book-city-suggestion"
            />
          </Alert.Content>
        </Alert.Root>
      )}
      <Field.Root invalid={!!error} required>
        <Field.Label>Destination city<Field.RequiredIndicator /></Field.Label>
        <Stack gap="2" direction={{ base: 'column', sm: 'row' }} w="full">
          <Input
            placeholder="Search cities"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-label="Search the courier's cities"
            maxW={{ sm: '48' }}
            data-testid="book-city-search"
          />
          <NativeSelect.Root disabled={isLoading} flex="1">
            <NativeSelect.Field
              name="destination_city"
              value={value}
              onChange={(e) => onChange(e.target.value)}
              aria-label="Destination city"
              data-testid="book-city"
            >
              <option value="">{cityListLabel(isLoading, found.shown.length, cities.length, search.trim() !== '')}</option>
              {shown.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        {found.none && (
          <Stack gap="1" data-testid="book-city-search-none">
            <Text textStyle="sm" data-testid="book-city-search-none-message">{found.none.message} The nearest by name:</Text>
            <CityChoices
              cities={found.none.closest}
              onChoose={(key) => {
                onChange(key);
                setSearch('');
              }}
              testId="book-city-closest"
            />
          </Stack>
        )}
        <Field.ErrorText data-testid="book-city-error">{error}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}

/** Cities one click away (the matcher's suggestions, or the nearest by name). */
function CityChoices({ cities, onChoose, testId }: { cities: readonly { label: string; value: string }[]; onChoose(key: string): void; testId: string }) {
  if (cities.length === 0) return null;
  return (
    <HStack gap="2" mt="2" wrap="wrap">
      {cities.map((c) => (
        <Button key={c.value} size="xs" variant="outline" bg="bg" onClick={() => onChoose(c.value)} data-testid={`${testId}-${c.label}`}>
          {c.label}
        </Button>
      ))}
    </HStack>
  );
}

import { HStack, Skeleton, Text } from '@chakra-ui/react';
import { SCORECARD_DEFAULT_DAYS, type CourierId } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';
import { useUnauthorizedOnly } from '../../../lib/api-errors';
import { useApi } from '../../../lib/swr';
import { courierHint } from '../../../lib/scorecard';

/**
 * Beside the account choice: how each courier did to the order's city over the last 90 days (delivered
 * share and median days), the best named, so the person can pick. Only a hint: when it cannot load, booking goes on without it.
 */
export function CityScorecardLine({ city, chosen }: { city: string; chosen?: CourierId }) {
  const onError = useUnauthorizedOnly();
  const trimmed = city.trim();
  const { data, error, isLoading } = useApi('analytics.cityScorecard', trimmed ? { params: { city: trimmed } } : null, {
    onError, revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 200_000,
  });
  if (!trimmed) return null;
  if (error) return <Text textStyle="xs" color="fg.muted" data-testid="book-scorecard-unavailable">How couriers do to {trimmed} could not be loaded just now.</Text>;
  if (isLoading || !data) return <Skeleton h="4" w="60%" data-testid="book-scorecard-loading" />;
  const couriers = data.data[0]?.couriers ?? [];
  if (!couriers.length) {
    return <Text textStyle="xs" color="fg.muted" data-testid="book-scorecard">No parcels to {trimmed} in the last {SCORECARD_DEFAULT_DAYS} days yet.</Text>;
  }
  return (
    <HStack gap="1" wrap="wrap" textStyle="xs" color="fg.muted" data-testid="book-scorecard">
      <Text>To {trimmed}, last {SCORECARD_DEFAULT_DAYS} days:</Text>
      {couriers.map((c, i) => (
        <Text key={c.company} fontWeight={c.company === chosen ? 'semibold' : undefined} color={c.best ? 'green.fg' : undefined} data-testid={`book-scorecard-${c.company}`}>
          {COURIER_BY_ID[c.company].name} {courierHint(c)}
          {i < couriers.length - 1 ? ' ·' : ''}
        </Text>
      ))}
    </HStack>
  );
}

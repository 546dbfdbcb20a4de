import { Alert, Box, Flex, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { LIMITS, type SubscriptionStatus } from '@dakiya/shared';
import { LuPackage } from 'react-icons/lu';
import { formatDate } from '../../../lib/format';
import { SectionCard } from '../../../components/ui/section-card';
import { freeReasonMessage, monthLabel, usagePercent } from '../plans';

const count = new Intl.NumberFormat('en-US');

/** The current plan and this month's orders against the free plan's 5000 (spec 000 §2, §9). */
export function UsageCard({ status, timeZone }: { status: SubscriptionStatus; timeZone?: string }) {
  const percent = usagePercent(status.orders);
  const full = status.ordersLimit !== null && status.orders >= status.ordersLimit;
  const freeReason = freeReasonMessage(status);
  return (
    <SectionCard
      title={`Your plan: ${status.plan}`}
      icon={<LuPackage />}
      description={
        status.subscribed
          ? `Billed through Shopify${status.expiry ? `. The current period ends on ${formatDate(status.expiry, { timeZone })}` : ''}.`
          : 'The free plan. Upgrade for unlimited orders, users and tracking accounts.'
      }
      testId="plans-usage"
    >
      <Stack gap="2.5">
        {freeReason && (
          <Alert.Root status={status.freeBecause?.reason === 'CANCELLED_BY_MERCHANT' ? 'info' : 'warning'} variant="subtle" borderRadius="md" data-testid="plans-free-reason">
            <Alert.Indicator />
            <Alert.Description>{freeReason}</Alert.Description>
          </Alert.Root>
        )}
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Text fontWeight="medium">Orders in {monthLabel(status.month)}</Text>
          <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="plans-usage-count">
            {status.ordersLimit === null
              ? `${count.format(status.orders)} booked · unlimited on your plan`
              : `${count.format(status.orders)} of ${count.format(LIMITS.freeOrdersPerMonth)}`}
          </Text>
        </Flex>
        <Progress.Root value={percent} max={100} size="md" colorPalette={full ? 'red' : 'brand'} aria-label="Orders this month" data-testid="plans-usage-bar">
          <Progress.Track borderRadius="full" bg="bg.emphasized">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <HStack justify="space-between" textStyle="xs" color="fg.muted" wrap="wrap">
          <Text>Counted in your store's time zone; an order booked again in the month counts once.</Text>
          {status.ordersLimit !== null && <Box as="span" fontWeight="medium" color={full ? 'red.fg' : undefined}>{percent}% used</Box>}
        </HStack>
        {full && (
          <Text textStyle="sm" color="red.fg" data-testid="plans-usage-full">
            You have booked this month's {count.format(LIMITS.freeOrdersPerMonth)} orders. Upgrade to book more before the month ends.
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}

import { Badge, Box, Button, Card, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';
import { priceLabel, type CardAction, type Plan } from '../plans';

export interface PlanCardProps {
  plan: Plan;
  action: CardAction;
  busy: boolean;
  /** Another action is under way: the buttons wait. */
  disabled: boolean;
  onSubscribe(): void;
  onCancel(): void;
}

/** One of the three plans (spec 000 §3 Plan: id, title, price, features). */
export function PlanCard({ plan, action, busy, disabled, onSubscribe, onCancel }: PlanCardProps) {
  const price = priceLabel(plan);
  const current = action === 'current' || action === 'cancel';
  return (
    <Card.Root
      variant="outline"
      bg="app.surface"
      borderRadius="xl"
      borderWidth={current ? '2px' : '1px'}
      borderColor={current ? 'brand.solid' : 'border.muted'}
      boxShadow={current ? 'md' : 'xs'}
      data-testid={`plan-card-${plan.id}`}
      data-current={current}
    >
      <Card.Body gap="5">
        <Stack gap="2">
          <HStack justify="space-between" gap="2">
            <Heading as="h2" size="md" fontWeight="semibold">{plan.title}</Heading>
            {current && <Badge colorPalette="brand" variant="solid" data-testid={`plan-current-${plan.id}`}>Current plan</Badge>}
            {plan.id === 'YEARLY' && !current && <Badge colorPalette="orange" variant="subtle">Best value</Badge>}
          </HStack>
          <HStack align="baseline" gap="1.5">
            <Text fontSize="3xl" fontWeight="bold" letterSpacing="-0.02em">{price.amount}</Text>
            <Text color="fg.muted" textStyle="sm">{price.period}</Text>
          </HStack>
        </Stack>
        <List.Root gap="2" variant="plain" flex="1">
          {plan.features.map((feature) => (
            <List.Item key={feature} textStyle="sm" alignItems="flex-start">
              <List.Indicator asChild color="brand.fg" mt="0.5">
                <LuCheck />
              </List.Indicator>
              {feature}
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
      <Card.Footer>
        <Box w="full">
          {action === 'subscribe' || action === 'switch' ? (
            <Button w="full" colorPalette="brand" loading={busy} disabled={disabled} onClick={onSubscribe} data-testid={`plan-subscribe-${plan.id}`}>
              {action === 'switch' ? `Switch to ${plan.title}` : `Upgrade to ${plan.title}`}
            </Button>
          ) : action === 'cancel' ? (
            <Button w="full" variant="outline" colorPalette="red" loading={busy} disabled={disabled} onClick={onCancel} data-testid={`plan-cancel-${plan.id}`}>
              Cancel subscription
            </Button>
          ) : action === 'current' ? (
            <Button w="full" variant="subtle" disabled>Your current plan</Button>
          ) : (
            <Text textStyle="xs" color="fg.muted" textAlign="center" minH="10" display="flex" alignItems="center" justifyContent="center">
              {action === 'none' && plan.id === 'FREE' ? 'Cancelling your subscription moves you here.' : ''}
            </Text>
          )}
        </Box>
      </Card.Footer>
    </Card.Root>
  );
}

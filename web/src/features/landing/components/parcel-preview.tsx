import { Badge, Box, Circle, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';

const STEPS = [
  { label: 'Booked with PostEx', time: 'Mar 5, 03:30 PM', done: true },
  { label: 'Arrived at Lahore hub', time: 'Mar 6, 09:10 AM', done: true },
  { label: 'Out for delivery', time: 'Mar 7, 08:45 AM', done: true },
  { label: 'Delivered, cash collected', time: 'Expected today', done: false },
];

/** A still picture of what a tracked parcel looks like in Dakiya (illustration, not live data). */
export function ParcelPreview() {
  return (
    <Box
      bg="app.surface"
      color="fg"
      borderRadius="2xl"
      boxShadow="0 30px 60px -20px rgba(4, 36, 28, 0.55)"
      p={{ base: '5', md: '6' }}
      w="full"
      maxW="sm"
      aria-hidden
    >
      <HStack justify="space-between" align="flex-start">
        <Stack gap="0.5">
          <Text textStyle="xs" color="fg.muted">
            Order #1042 · Ayesha K.
          </Text>
          <Text fontWeight="semibold" fontFamily="mono" textStyle="sm">
            CX-284 519 007
          </Text>
        </Stack>
        <Badge colorPalette="orange" variant="subtle">
          Out for delivery
        </Badge>
      </HStack>
      <Separator my="4" />
      <Stack gap="0">
        {STEPS.map((step, i) => (
          <HStack key={step.label} align="stretch" gap="3">
            <Stack align="center" gap="0">
              <Circle size="5" bg={step.done ? 'brand.solid' : 'bg.muted'} color="white" borderWidth={step.done ? 0 : '2px'} borderColor="border">
                {step.done && <LuCheck size={12} />}
              </Circle>
              {i < STEPS.length - 1 && <Box w="2px" flex="1" minH="5" bg={step.done ? 'brand.solid' : 'border'} />}
            </Stack>
            <Stack gap="0" pb="3">
              <Text textStyle="sm" fontWeight="medium" color={step.done ? 'fg' : 'fg.muted'}>
                {step.label}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {step.time}
              </Text>
            </Stack>
          </HStack>
        ))}
      </Stack>
      <HStack justify="space-between" bg="brand.subtle" borderRadius="lg" px="4" py="3" mt="1">
        <Text textStyle="sm" color="brand.fg" fontWeight="medium">
          Cash on delivery
        </Text>
        <Text fontWeight="bold" color="brand.fg">
          Rs 4,850
        </Text>
      </HStack>
    </Box>
  );
}

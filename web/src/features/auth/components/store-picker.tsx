import { Alert, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { StoreOption } from '@dakiya/shared';
import { LuArrowLeft, LuChevronRight, LuStore } from 'react-icons/lu';

export interface StorePickerProps {
  email: string;
  stores: StoreOption[];
  /** Why the store asked for (opened from Shopify) is not among them. */
  notice?: string;
  /** The store being signed in to, while its sign-in runs. */
  pending: string | null;
  onChoose(domain: string): void;
  onBack(): void;
}

/** After the password: a person who belongs to several stores picks the one to open (each has its own session). */
export function StorePicker({ email, stores, notice, pending, onChoose, onBack }: StorePickerProps) {
  return (
    <Stack gap="5" data-testid="store-picker">
      <Stack gap="1">
        <Heading as="h2" size="lg" fontWeight="semibold">
          Choose a store
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {email} works in {stores.length} stores. Which one do you want to open?
        </Text>
      </Stack>
      {notice && (
        <Alert.Root status="info" borderRadius="md" data-testid="store-picker-notice">
          <Alert.Indicator />
          <Alert.Title>{notice}</Alert.Title>
        </Alert.Root>
      )}
      <Stack gap="2" as="ul" listStyleType="none" m="0" p="0">
        {stores.map((store) => (
          <Box as="li" key={store.domain}>
            <Button
              variant="outline"
              w="full"
              h="auto"
              py="3"
              px="4"
              justifyContent="space-between"
              loading={pending === store.domain}
              disabled={pending !== null && pending !== store.domain}
              onClick={() => onChoose(store.domain)}
              data-testid={`store-option-${store.domain}`}
            >
              <HStack gap="3" minW="0">
                <Flex boxSize="9" borderRadius="md" bg="brand.subtle" color="brand.fg" align="center" justify="center" flexShrink={0}>
                  <LuStore />
                </Flex>
                <Stack gap="0" align="flex-start" minW="0">
                  <Text fontWeight="semibold" truncate maxW="full">
                    {store.name}
                  </Text>
                  <Text textStyle="xs" color="fg.muted" fontWeight="normal" truncate maxW="full">
                    {store.domain}
                  </Text>
                </Stack>
              </HStack>
              <LuChevronRight />
            </Button>
          </Box>
        ))}
      </Stack>
      <Button variant="ghost" size="sm" color="fg.muted" alignSelf="flex-start" onClick={onBack} disabled={pending !== null} data-testid="store-picker-back">
        <LuArrowLeft /> Use another account
      </Button>
    </Stack>
  );
}

import { Box, Field, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Courier } from '@dakiya/shared';
import { COURIER_IDS, COURIERS } from '../couriers';

export interface CompanyPickerProps {
  value: Courier | '';
  onChange(company: Courier): void;
  error?: string;
}

/** Four cards, one per courier: the first choice of the create form. */
export function CompanyPicker({ value, onChange, error }: CompanyPickerProps) {
  return (
    <Field.Root invalid={!!error}>
      <RadioCard.Root
        value={value === '' ? null : value}
        onValueChange={(e) => e.value && onChange(e.value as Courier)}
        colorPalette="brand"
        orientation="horizontal"
        width="full"
        data-testid="field-company"
      >
        <RadioCard.Label srOnly>Courier company</RadioCard.Label>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: '2', md: '3' }}>
          {COURIER_IDS.map((id) => {
            const info = COURIERS[id];
            return (
              <RadioCard.Item key={id} value={id} data-testid={`company-${id}`} borderRadius="lg" cursor="pointer">
                <RadioCard.ItemHiddenInput />
                <RadioCard.ItemControl alignItems="flex-start" gap="3" p={{ base: '3', md: '4' }}>
                  <Stack direction={{ base: 'row', lg: 'column' }} gap={{ base: '3', lg: '2.5' }} flex="1" minW="0">
                    <Box
                      colorPalette={info.palette}
                      bg="colorPalette.solid"
                      color="colorPalette.contrast"
                      h="9"
                      w="10"
                      borderRadius="md"
                      display="flex"
                      alignItems="center"
                      justifyContent="center"
                      fontWeight="bold"
                      fontSize="11px"
                      letterSpacing="0.02em"
                      flexShrink={0}
                      aria-hidden
                    >
                      {info.mark}
                    </Box>
                    <RadioCard.ItemContent gap="0.5" alignItems="flex-start">
                      <RadioCard.ItemText fontWeight="semibold" textStyle="md">
                        {info.name}
                      </RadioCard.ItemText>
                      <RadioCard.ItemDescription textStyle="xs">{info.blurb}</RadioCard.ItemDescription>
                    </RadioCard.ItemContent>
                  </Stack>
                  <RadioCard.ItemIndicator />
                </RadioCard.ItemControl>
              </RadioCard.Item>
            );
          })}
        </SimpleGrid>
      </RadioCard.Root>
      {error && (
        <Text color="fg.error" textStyle="sm" mt="1" role="alert" data-testid="field-company-error">
          {error}
        </Text>
      )}
    </Field.Root>
  );
}

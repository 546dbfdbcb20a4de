import { EmptyState as ChakraEmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons under the text. */
  children?: ReactNode;
  testId?: string;
}

export function EmptyState({ icon, title, description, children, testId }: EmptyStateProps) {
  return (
    <ChakraEmptyState.Root
      size="lg"
      bg="app.surface"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      py={{ base: '10', md: '16' }}
      data-testid={testId ?? 'empty-state'}
    >
      <ChakraEmptyState.Content>
        {icon && (
          <ChakraEmptyState.Indicator
            color="brand.fg"
            bg="brand.subtle"
            borderRadius="full"
            p="4"
            css={{ '& svg': { width: '7', height: '7' } }}
          >
            {icon}
          </ChakraEmptyState.Indicator>
        )}
        <VStack textAlign="center" gap="2" maxW="md">
          <ChakraEmptyState.Title textStyle="lg" fontWeight="semibold">
            {title}
          </ChakraEmptyState.Title>
          {description && <ChakraEmptyState.Description color="fg.muted">{description}</ChakraEmptyState.Description>}
        </VStack>
        {children}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}

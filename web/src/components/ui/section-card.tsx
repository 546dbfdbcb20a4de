import { Box, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A titled white card: the building block of form and detail pages. */
export function SectionCard({ title, description, actions, icon, children, testId }: SectionCardProps) {
  return (
    <Card.Root variant="outline" bg="app.surface" borderColor="border.muted" borderRadius="xl" boxShadow="xs" data-testid={testId}>
      <Card.Header pb="0">
        <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
          <HStack gap="3" align="flex-start" minW="0">
            {icon && (
              <Box color="brand.fg" bg="brand.subtle" borderRadius="md" p="2" fontSize="md" flexShrink={0}>
                {icon}
              </Box>
            )}
            <Stack gap="0.5" minW="0">
              <Heading as="h2" size="md" fontWeight="semibold">
                {title}
              </Heading>
              {description && (
                <Text textStyle="sm" color="fg.muted">
                  {description}
                </Text>
              )}
            </Stack>
          </HStack>
          {actions && <HStack gap="2">{actions}</HStack>}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

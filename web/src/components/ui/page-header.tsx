import { Box, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link } from 'react-router-dom';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Where Back goes (a path from the paths module). */
  backTo?: string;
  /** Buttons on the right. */
  actions?: ReactNode;
  /** Small element next to the title (e.g. a badge). */
  titleAddon?: ReactNode;
}

export function PageHeader({ title, subtitle, backTo, actions, titleAddon }: PageHeaderProps) {
  return (
    <Flex gap="4" align={{ base: 'flex-start', md: 'center' }} justify="space-between" mb="6" wrap="wrap">
      <HStack gap="3" align="flex-start" minW="0">
        {backTo && (
          <IconButton asChild aria-label="Back" variant="outline" size="sm" mt="0.5" data-testid="page-back">
            <Link to={backTo}>
              <LuArrowLeft />
            </Link>
          </IconButton>
        )}
        <Stack gap="1" minW="0">
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} fontWeight="semibold" letterSpacing="-0.01em" data-testid="page-title">
              {title}
            </Heading>
            {titleAddon}
          </HStack>
          {subtitle && (
            <Text color="fg.muted" textStyle="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
      </HStack>
      {actions && (
        // no wider than the header: on a phone a long row of buttons wraps instead of running off the edge
        <Box flexShrink={0} maxW="full" data-testid="page-actions">
          <HStack gap="2" wrap="wrap">
            {actions}
          </HStack>
        </Box>
      )}
    </Flex>
  );
}

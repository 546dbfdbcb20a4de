import { Box, Heading, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuInfo } from 'react-icons/lu';
import { Link } from 'react-router-dom';

/** The few shapes a guide is written in: sections, paragraphs, lists, steps, notes and links inside the app. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3">
      <Heading as="h2" size="md">{title}</Heading>
      {children}
    </Stack>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Text lineHeight="tall" color="fg">{children}</Text>;
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <List.Root ps="5" gap="1.5" lineHeight="tall">
      {items.map((item, i) => <List.Item key={i}>{item}</List.Item>)}
    </List.Root>
  );
}

export function Steps({ items }: { items: ReactNode[] }) {
  return (
    <List.Root as="ol" ps="5" gap="1.5" lineHeight="tall" listStyleType="decimal">
      {items.map((item, i) => <List.Item key={i}>{item}</List.Item>)}
    </List.Root>
  );
}

export function Note({ children }: { children: ReactNode }) {
  return (
    <Box display="flex" gap="3" bg="blue.subtle" color="blue.fg" borderRadius="lg" p="3" role="note">
      <Box pt="1" flexShrink={0}><LuInfo aria-hidden /></Box>
      <Text lineHeight="tall">{children}</Text>
    </Box>
  );
}

/** A link to a screen of the app (a path from the paths module). */
export function To({ to, children }: { to: string; children: ReactNode }) {
  return <ChakraLink asChild colorPalette="brand" fontWeight="medium" textDecoration="underline"><Link to={to}>{children}</Link></ChakraLink>;
}

/** A word as the screen shows it (a button, a column, a status). */
export function Ui({ children }: { children: ReactNode }) {
  return <Text as="span" fontWeight="semibold">{children}</Text>;
}

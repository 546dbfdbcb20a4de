import { Box, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { LuArrowLeft, LuArrowRight } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeletons';
import { DOCS_PAGES, DOCS_TITLES, paths, type DocsPage } from '../../../lib/paths';
import { DOC_CONTENT, DOC_SUMMARIES } from '../docs-pages';

const ORDER = Object.keys(DOCS_PAGES) as DocsPage[];

/** /dashboard/docs/{page}: one guide, with the previous and next ones. */
export function DocsPage({ page }: { page: DocsPage }) {
  const Content = DOC_CONTENT[page];
  const at = ORDER.indexOf(page);
  const prev = ORDER[at - 1];
  const next = ORDER[at + 1];
  return (
    <Box maxW="3xl">
      <PageHeader title={DOCS_TITLES[page]} subtitle={DOC_SUMMARIES[page]} backTo={paths.dashboard.docs()} />
      <Stack gap="6" data-testid={`docs-${DOCS_PAGES[page]}`}>
        <Suspense fallback={<PageSkeleton />}>
          <Content />
        </Suspense>
      </Stack>
      <HStack justify="space-between" mt="10" pt="4" borderTopWidth="1px" borderColor="border.muted" wrap="wrap" gap="3">
        {prev ? (
          <Button asChild variant="ghost" size="sm"><Link to={paths.dashboard.docs(prev)}><LuArrowLeft /> {DOCS_TITLES[prev]}</Link></Button>
        ) : <span />}
        {next && <Button asChild variant="ghost" size="sm"><Link to={paths.dashboard.docs(next)}>{DOCS_TITLES[next]} <LuArrowRight /></Link></Button>}
      </HStack>
    </Box>
  );
}

/** /dashboard/docs: every guide, one card each. */
export function DocsIndex() {
  return (
    <>
      <PageHeader title="Docs" subtitle="How Dakiya works: one guide per screen, and a walk-through of booking." />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="docs-index">
        {ORDER.map((page) => (
          <Card.Root key={page} asChild variant="outline" _hover={{ borderColor: 'brand.solid' }}>
            <Link to={paths.dashboard.docs(page)}>
              <Card.Body gap="1">
                <Text fontWeight="semibold">{DOCS_TITLES[page]}</Text>
                <Text textStyle="sm" color="fg.muted">{DOC_SUMMARIES[page]}</Text>
              </Card.Body>
            </Link>
          </Card.Root>
        ))}
      </SimpleGrid>
    </>
  );
}

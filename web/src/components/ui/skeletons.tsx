import { Box, HStack, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';

/** Rows of grey bars where a table will appear. */
export function TableSkeleton({ rows = 6, columns = 5 }: { rows?: number; columns?: number }) {
  return (
    <Box bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="4" data-testid="table-skeleton">
      <Stack gap="4">
        {Array.from({ length: rows }, (_, r) => (
          <HStack key={r} gap="4">
            {Array.from({ length: columns }, (_, c) => (
              <Skeleton key={c} height="4" flex={c === 0 ? 2 : 1} />
            ))}
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

/** A page title and a few cards, shown while a lazy screen loads. */
export function PageSkeleton() {
  return (
    <Stack gap="6" data-testid="page-skeleton" aria-busy="true">
      <Skeleton height="8" width="40%" maxW="xs" />
      <HStack gap="4" wrap="wrap">
        {[0, 1, 2].map((i) => (
          <Box key={i} flex="1" minW="200px" bg="app.surface" borderRadius="xl" borderWidth="1px" borderColor="border.muted" p="5">
            <SkeletonText noOfLines={3} />
          </Box>
        ))}
      </HStack>
      <TableSkeleton rows={4} />
    </Stack>
  );
}

import { HStack, IconButton, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { countOf } from '../../lib/format';

export interface PaginationProps {
  page: number;
  pages: number;
  total: number;
  onPageChange(page: number): void;
  /** The total's noun, one and many: ['account', 'accounts']. */
  noun?: readonly [one: string, many: string];
}

/** The shared pagination control (page, pages, total) of spec 000 §2. */
export function Pagination({ page, pages, total, onPageChange, noun = ['result', 'results'] }: PaginationProps) {
  const lastPage = Math.max(1, pages);
  const current = Math.min(Math.max(1, page), lastPage);
  return (
    <HStack justify="space-between" gap="4" py="3" wrap="wrap" data-testid="pagination">
      <Text textStyle="sm" color="fg.muted">
        {countOf(total, noun[0], noun[1])}
      </Text>
      <HStack gap="2">
        <IconButton
          aria-label="Previous page"
          size="sm"
          variant="outline"
          disabled={current <= 1}
          onClick={() => onPageChange(current - 1)}
          data-testid="pagination-prev"
        >
          <LuChevronLeft />
        </IconButton>
        <Text textStyle="sm" minW="24" textAlign="center" data-testid="pagination-label">
          Page {current} of {lastPage}
        </Text>
        <IconButton
          aria-label="Next page"
          size="sm"
          variant="outline"
          disabled={current >= lastPage}
          onClick={() => onPageChange(current + 1)}
          data-testid="pagination-next"
        >
          <LuChevronRight />
        </IconButton>
      </HStack>
    </HStack>
  );
}

import { Button, ButtonGroup, HStack, IconButton, Input, Pagination, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { ordersCount, type Pager } from '../order-row';

export interface OrdersPagerProps {
  pager: Pager;
  /** Rows on this page (for 'Showing 51–100'). */
  rows: number;
  /** A page by number; with the cursor that leads there when the list pages by cursor. */
  onPage(page: number, cursor?: string): void;
  /** Previous, where the list pages by cursor (the cursor of the page before is the page's own memory). */
  onPrevious(): void;
  compact: boolean;
  /** The page the address asks for, which the rows on screen may not have caught up with yet. */
  current: number;
  /** A page is loading: a cursor of the rows on screen would lead to the wrong page. */
  loading: boolean;
}

/**
 * Page numbers when the total is known (any page is one click or a typed number away); where the
 * server could only count what it read, 'at least N' with Previous and Next (spec §2, issue 18).
 */
export function OrdersPager({ pager, rows, onPage, onPrevious, compact, current, loading }: OrdersPagerProps) {
  const first = (pager.page - 1) * pager.limit + (rows ? 1 : 0);
  const last = (pager.page - 1) * pager.limit + rows;
  const shown = rows ? `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')}` : 'none';

  if (pager.kind === 'cursor') {
    return (
      <HStack justify="space-between" gap="3" px="4" py="3" wrap="wrap" data-testid="orders-pager">
        <Text textStyle="sm" color="fg.muted" data-testid="orders-total">
          Showing {shown} of {pager.ended ? '' : 'at least '}{ordersCount(pager.atLeast)}
        </Text>
        <HStack gap="2">
          <Text textStyle="sm" color="fg.muted" data-testid="orders-page">Page {pager.page}</Text>
          <Button size="sm" variant="outline" disabled={pager.page <= 1} onClick={onPrevious} data-testid="orders-previous">
            <LuChevronLeft /> Previous
          </Button>
          <Button size="sm" variant="outline" disabled={!pager.next || loading} onClick={() => pager.next && onPage(pager.page + 1, pager.next)} data-testid="orders-next">
            Next <LuChevronRight />
          </Button>
        </HStack>
      </HStack>
    );
  }

  return (
    <HStack justify="space-between" gap="3" px="4" py="3" wrap="wrap" data-testid="orders-pager">
      <Text textStyle="sm" color="fg.muted" data-testid="orders-total">
        Showing {shown} of {ordersCount(pager.total)}
      </Text>
      <HStack gap="3" wrap="wrap">
        <Pagination.Root
          count={Math.max(pager.total, 1)}
          pageSize={pager.limit}
          // the address's page: a second Next before the first page arrives goes one further, not to the same page
          page={Math.min(current, pager.pages)}
          siblingCount={compact ? 0 : 1}
          onPageChange={(details) => onPage(details.page)}
        >
          <ButtonGroup variant="ghost" size="sm" attached={false} gap="1">
            <Pagination.PrevTrigger asChild>
              <IconButton aria-label="Previous page" data-testid="orders-previous"><LuChevronLeft /></IconButton>
            </Pagination.PrevTrigger>
            {compact ? (
              <Pagination.PageText format="long" textStyle="sm" px="2" data-testid="orders-page" />
            ) : (
              <Pagination.Items
                render={(page) => (
                  <IconButton
                    variant={{ base: 'ghost', _selected: 'outline' }}
                    aria-label={`Page ${page.value}`}
                    data-testid={`orders-page-${page.value}`}
                  >
                    {page.value}
                  </IconButton>
                )}
              />
            )}
            <Pagination.NextTrigger asChild>
              <IconButton aria-label="Next page" data-testid="orders-next"><LuChevronRight /></IconButton>
            </Pagination.NextTrigger>
          </ButtonGroup>
        </Pagination.Root>
        {pager.pages > 7 && <GoToPage pages={pager.pages} onPage={onPage} />}
      </HStack>
    </HStack>
  );
}

/** A typed page number: page 500 of 2,000 is not a walk through the numbers. */
function GoToPage({ pages, onPage }: { pages: number; onPage(page: number): void }) {
  const [typed, setTyped] = useState('');
  const target = Number(typed);
  const valid = Number.isInteger(target) && target >= 1 && target <= pages;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    onPage(target);
    setTyped('');
  };
  return (
    <HStack as="form" gap="1.5" onSubmit={submit} data-testid="orders-go-to">
      <Input
        size="sm"
        width="20"
        bg="bg"
        inputMode="numeric"
        value={typed}
        onChange={(e) => setTyped(e.target.value.replace(/[^\d]/g, ''))}
        placeholder={`1–${pages}`}
        aria-label={`Go to page (1 to ${pages})`}
        data-testid="orders-go-to-input"
      />
      <Button type="submit" size="sm" variant="outline" disabled={!valid} data-testid="orders-go-to-submit">Go</Button>
    </HStack>
  );
}

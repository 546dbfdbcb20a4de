import {
  Badge, Box, Button, Card, Checkbox, Flex, Heading, HStack, Input, InputGroup, NativeSelect, SimpleGrid, Slider, Stack, Table, Tag, Text,
  useBreakpointValue, Wrap,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { ORDER_SEARCH_MAX } from '@dakiya/shared';
import { LuArrowDownUp, LuFilter, LuSearch, LuSearchX } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import {
  allTags, appliedFilters, applyView, headerState, money, MONEY_SPENT, paramsFrom, SORT_OPTIONS, toggleAll, viewFrom, wholeMoney, type OrdersView, type Sort,
} from '../orders-view';
import { ACCOUNT_STATUS_LABELS, ACCOUNT_STATUSES, SAMPLE_ORDERS, type AccountStatus, type FulfillmentStatus, type PaymentStatus, type SampleOrder } from '../sample-orders';

const PAYMENT_TONES: Record<PaymentStatus, string> = { Paid: 'green', 'Partially paid': 'orange', Pending: 'yellow', Refunded: 'gray' };
const FULFILLMENT_TONES: Record<FulfillmentStatus, string> = { Fulfilled: 'green', Unfulfilled: 'yellow', 'Partially fulfilled': 'orange' };
const TAGS = allTags(SAMPLE_ORDERS);

/** The inputs as typed or dragged. */
interface Draft {
  query: string;
  tag: string;
  spent: readonly [number, number];
}

/** The draft for a view; with `patch`, only the fields it names change (the rest stay as typed). */
function draftOf(view: OrdersView, patch?: Partial<OrdersView>): Partial<Draft> {
  const all: Draft = { query: view.query, tag: view.tag, spent: view.spent ?? MONEY_SPENT.initial };
  if (!patch) return all;
  return Object.fromEntries(Object.entries(all).filter(([key]) => key in patch));
}

/** /dashboard/shopify/orders (spec 000 §2 "Sample store-orders page"): static sample data, sorted, searched, filtered and selected here. */
export function SampleOrdersPage({ timeZone }: { timeZone?: string }) {
  const [params, setParams] = useSearchParams();
  const view = viewFrom(params);
  const query = params.toString();
  const shown = useMemo(() => applyView(SAMPLE_ORDERS, viewFrom(new URLSearchParams(query))), [query]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [filtersOpen, setFiltersOpen] = useState(() => !!(view.statuses.length || view.tag || view.spent));
  // Phones get one card per order instead of a table that scrolls sideways.
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;

  // What is typed or dragged shows at once; the address (and the list read from it) follows. Each change
  // is merged into the address as it is then, so quick changes in a row never undo one another.
  const [draft, setDraft] = useState<Draft>(() => draftOf(view) as Draft);
  const update = (patch: Partial<OrdersView>) => {
    setDraft((d) => ({ ...d, ...draftOf({ ...view, ...patch }, patch) }));
    setParams((prev) => paramsFrom({ ...viewFrom(prev), ...patch }), { replace: true });
  };
  const chips = appliedFilters(view, ACCOUNT_STATUS_LABELS);
  const hiddenSelected = [...selected].filter((id) => !shown.some((o) => o.id === id)).length;
  const toggle = (id: string) => setSelected((s) => {
    const next = new Set(s);
    if (!next.delete(id)) next.add(id);
    return next;
  });

  return (
    <>
      <PageHeader
        title="Store orders"
        titleAddon={<Badge colorPalette="purple" variant="subtle" size="lg" data-testid="sample-badge">Sample data</Badge>}
        subtitle="How your Shopify orders look in Dakiya: sort, search, filter and select. These orders are examples, not your store's."
        backTo={paths.dashboard.orders()}
      />
      <Card.Root variant="outline" bg="app.surface" borderColor="border.muted" borderRadius="xl" boxShadow="xs" data-testid="sample-orders">
        <Card.Body p={{ base: '3', md: '4' }}>
          <Stack gap="3">
            <Flex gap="2" wrap={{ base: 'wrap', md: 'nowrap' }}>
              <InputGroup startElement={<LuSearch />} flex="1" minW={{ base: 'full', md: '0' }}>
                <Input
                  value={draft.query}
                  onChange={(e) => update({ query: e.target.value.slice(0, ORDER_SEARCH_MAX) })}
                  maxLength={ORDER_SEARCH_MAX}
                  placeholder="Search orders, customers and tags"
                  aria-label="Search orders"
                  data-testid="sample-search"
                />
              </InputGroup>
              <NativeSelect.Root flex={{ base: '1', md: '0 0 15rem' }} minW={{ base: '13rem', md: 'auto' }}>
                <NativeSelect.Field
                  value={view.sort}
                  onChange={(e) => update({ sort: e.currentTarget.value as Sort })}
                  aria-label="Sort by"
                  data-testid="sample-sort"
                  ps="9"
                >
                  {SORT_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>{o.label}</option>
                  ))}
                </NativeSelect.Field>
                <Box position="absolute" insetStart="3" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none">
                  <LuArrowDownUp />
                </Box>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button
                variant={filtersOpen ? 'subtle' : 'outline'}
                onClick={() => setFiltersOpen((o) => !o)}
                aria-expanded={filtersOpen}
                data-testid="sample-filters-toggle"
              >
                <LuFilter /> Filters
                {chips.length > 0 && <Badge colorPalette="brand" variant="solid" size="sm" borderRadius="full">{chips.length}</Badge>}
              </Button>
            </Flex>

            {filtersOpen && <FiltersPanel view={view} draft={draft} setDraft={setDraft} update={update} />}

            {chips.length > 0 && (
              <Wrap gap="2" align="center" data-testid="sample-chips">
                {chips.map((chip) => (
                  <Tag.Root key={chip.key} size="lg" variant="subtle" colorPalette="brand" data-testid={`sample-chip-${chip.key}`}>
                    <Tag.Label>{chip.label}</Tag.Label>
                    <Tag.EndElement>
                      <Tag.CloseTrigger aria-label={`Remove ${chip.label}`} onClick={() => update({ [chip.key]: chip.key === 'statuses' ? [] : chip.key === 'tag' ? '' : null })} />
                    </Tag.EndElement>
                  </Tag.Root>
                ))}
                <Button variant="plain" size="xs" color="brand.fg" onClick={() => update({ statuses: [], tag: '', spent: null })} data-testid="sample-clear-filters">
                  Clear all
                </Button>
              </Wrap>
            )}

            <HStack justify="space-between" minH="8" gap="3" wrap="wrap">
              <Text textStyle="sm" color="fg.muted" data-testid="sample-count">
                {shown.length === SAMPLE_ORDERS.length ? `${shown.length} orders` : `${shown.length} of ${SAMPLE_ORDERS.length} orders`}
              </Text>
              {selected.size > 0 && (
                <HStack gap="2" data-testid="sample-selection">
                  <Text textStyle="sm" fontWeight="semibold" data-testid="sample-selected-count">
                    {selected.size} selected{hiddenSelected > 0 ? ` (${hiddenSelected} hidden by the filters)` : ''}
                  </Text>
                  <Button size="xs" variant="outline" onClick={() => setSelected(new Set())} data-testid="sample-clear-selection">
                    Clear selection
                  </Button>
                </HStack>
              )}
            </HStack>

            {shown.length === 0 ? (
              <EmptyState testId="sample-empty" icon={<LuSearchX />} title="No orders match" description="Try other words, or remove a filter.">
                <Button variant="outline" size="sm" onClick={() => update({ query: '', statuses: [], tag: '', spent: null })} data-testid="sample-reset">
                  Clear search and filters
                </Button>
              </EmptyState>
            ) : compact ? (
              <OrderCards orders={shown} selected={selected} toggle={toggle} timeZone={timeZone} onToggleAll={() => setSelected((s) => toggleAll(s, shown))} />
            ) : (
              <OrdersTable orders={shown} selected={selected} toggle={toggle} timeZone={timeZone} onToggleAll={() => setSelected((s) => toggleAll(s, shown))} />
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </>
  );
}

interface FiltersPanelProps {
  view: OrdersView;
  draft: Draft;
  setDraft(update: (d: Draft) => Draft): void;
  update(patch: Partial<OrdersView>): void;
}

function FiltersPanel({ view, draft, setDraft, update }: FiltersPanelProps) {
  // the slider moves freely and applies when let go, so the list does not jump under a dragging finger
  const spent = draft.spent;

  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '4', md: '6' }} p="4" bg="bg.subtle" borderRadius="lg" data-testid="sample-filters">
      <Stack gap="2">
        <Heading as="h3" size="xs">Account status</Heading>
        <Checkbox.Group
          value={view.statuses}
          onValueChange={(value) => update({ statuses: ACCOUNT_STATUSES.filter((s) => value.includes(s)) })}
          aria-label="Account status"
        >
          <Stack gap="1.5">
            {ACCOUNT_STATUSES.map((status) => (
              <Checkbox.Root key={status} value={status} size="sm" colorPalette="brand" data-testid={`sample-status-${status.replace(' ', '-')}`}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{ACCOUNT_STATUS_LABELS[status as AccountStatus]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Checkbox.Group>
      </Stack>
      <Stack gap="2">
        <Heading as="h3" size="xs">Tagged with</Heading>
        <Input size="sm" bg="bg" value={draft.tag} onChange={(e) => update({ tag: e.target.value.slice(0, ORDER_SEARCH_MAX) })} maxLength={ORDER_SEARCH_MAX} placeholder="A tag, e.g. VIP" aria-label="Tagged with" data-testid="sample-tag" />
        <Wrap gap="1.5">
          {TAGS.map((tag) => (
            <Button key={tag} size="2xs" variant="outline" bg="bg" onClick={() => update({ tag })} data-testid={`sample-tag-${tag.replace(/\s+/g, '-')}`}>
              {tag}
            </Button>
          ))}
        </Wrap>
      </Stack>
      <Stack gap="2">
        <Slider.Root
          min={MONEY_SPENT.min}
          max={MONEY_SPENT.max}
          step={MONEY_SPENT.step}
          largeStep={MONEY_SPENT.largeStep}
          value={[...spent]}
          onValueChange={(e) => setDraft((d) => ({ ...d, spent: [e.value[0]!, e.value[1]!] }))}
          onValueChangeEnd={(e) => update({ spent: [e.value[0]!, e.value[1]!] })}
          colorPalette="brand"
          aria-label={['Money spent, from', 'Money spent, up to']}
          getAriaValueText={({ value }) => wholeMoney(value)}
          data-testid="sample-spent"
        >
          <HStack justify="space-between">
            <Slider.Label>
              <Heading as="span" size="xs">Money spent</Heading>
            </Slider.Label>
            <Text textStyle="sm" color="fg.muted" data-testid="sample-spent-value">
              {wholeMoney(spent[0]!)} – {wholeMoney(spent[1]!)}
            </Text>
          </HStack>
          <Slider.Control mt="2">
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
            <Slider.Thumbs />
          </Slider.Control>
        </Slider.Root>
        <HStack justify="space-between" textStyle="xs" color="fg.subtle">
          <Text>{wholeMoney(MONEY_SPENT.min)}</Text>
          <Text>{wholeMoney(MONEY_SPENT.max)}</Text>
        </HStack>
        <Text textStyle="xs" color="fg.muted">
          {view.spent ? 'What each customer has spent in the store, all orders together.' : 'Move either end to filter by what customers have spent.'}
        </Text>
      </Stack>
    </SimpleGrid>
  );
}

interface ListProps {
  orders: SampleOrder[];
  selected: ReadonlySet<string>;
  toggle(id: string): void;
  onToggleAll(): void;
  timeZone?: string;
}

function SelectBox({ checked, onChange, label, testId }: { checked: boolean | 'indeterminate'; onChange(): void; label: string; testId: string }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={onChange} colorPalette="brand" data-testid={testId} aria-label={label}>
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function CustomerCell({ order }: { order: SampleOrder }) {
  return (
    <Stack gap="0">
      <Text fontWeight="medium">{order.customer}</Text>
      <Text textStyle="xs" color="fg.muted">
        {ACCOUNT_STATUS_LABELS[order.accountStatus]} · {money(order.moneySpent)} spent
      </Text>
    </Stack>
  );
}

function OrderCell({ order }: { order: SampleOrder }) {
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">{order.order}</Text>
      {order.tags.length > 0 && (
        <Wrap gap="1">
          {order.tags.map((tag) => (
            <Badge key={tag} size="xs" variant="outline" colorPalette="gray">{tag}</Badge>
          ))}
        </Wrap>
      )}
    </Stack>
  );
}

const StatusBadge = ({ text, tone }: { text: string; tone: string }) => (
  <Badge colorPalette={tone} variant="subtle" borderRadius="full" px="2.5">{text}</Badge>
);

function OrdersTable({ orders, selected, toggle, onToggleAll, timeZone }: ListProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border.muted" borderRadius="lg">
      <Table.Root size="sm" interactive data-testid="sample-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader w="10">
              <SelectBox checked={headerState(selected, orders)} onChange={onToggleAll} label="Select every order shown" testId="sample-select-all" />
            </Table.ColumnHeader>
            <Table.ColumnHeader>Order</Table.ColumnHeader>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Customer</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
            <Table.ColumnHeader>Payment status</Table.ColumnHeader>
            <Table.ColumnHeader>Fulfillment status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {orders.map((order) => (
            <Table.Row
              key={order.id}
              data-testid="sample-row"
              data-order={order.order}
              data-selected={selected.has(order.id) ? '' : undefined}
              bg={selected.has(order.id) ? 'brand.subtle' : undefined}
            >
              <Table.Cell>
                <SelectBox checked={selected.has(order.id)} onChange={() => toggle(order.id)} label={`Select order ${order.order}`} testId={`sample-select-${order.order.slice(1)}`} />
              </Table.Cell>
              <Table.Cell><OrderCell order={order} /></Table.Cell>
              <Table.Cell whiteSpace="nowrap" color="fg.muted">{formatDateTime(order.date, { timeZone })}</Table.Cell>
              <Table.Cell><CustomerCell order={order} /></Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">{money(order.total)}</Table.Cell>
              <Table.Cell><StatusBadge text={order.payment} tone={PAYMENT_TONES[order.payment]} /></Table.Cell>
              <Table.Cell><StatusBadge text={order.fulfillment} tone={FULFILLMENT_TONES[order.fulfillment]} /></Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function OrderCards({ orders, selected, toggle, onToggleAll, timeZone }: ListProps) {
  return (
    <Stack gap="2" data-testid="sample-cards">
      <HStack gap="3" px="3" py="2" bg="bg.subtle" borderRadius="md">
        <SelectBox checked={headerState(selected, orders)} onChange={onToggleAll} label="Select every order shown" testId="sample-select-all" />
        <Text textStyle="sm" color="fg.muted">Select all shown</Text>
      </HStack>
      {orders.map((order) => (
        <Box
          key={order.id}
          p="3"
          borderWidth="1px"
          borderColor={selected.has(order.id) ? 'brand.emphasized' : 'border.muted'}
          bg={selected.has(order.id) ? 'brand.subtle' : 'bg'}
          borderRadius="lg"
          data-testid="sample-row"
          data-order={order.order}
          data-selected={selected.has(order.id) ? '' : undefined}
        >
          <HStack align="flex-start" gap="3">
            <Box pt="0.5">
              <SelectBox checked={selected.has(order.id)} onChange={() => toggle(order.id)} label={`Select order ${order.order}`} testId={`sample-select-${order.order.slice(1)}`} />
            </Box>
            <Stack gap="2" flex="1" minW="0">
              <HStack justify="space-between" align="flex-start">
                <OrderCell order={order} />
                <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">{money(order.total)}</Text>
              </HStack>
              <CustomerCell order={order} />
              <Text textStyle="xs" color="fg.muted">{formatDateTime(order.date, { timeZone })}</Text>
              <Wrap gap="1.5">
                <StatusBadge text={order.payment} tone={PAYMENT_TONES[order.payment]} />
                <StatusBadge text={order.fulfillment} tone={FULFILLMENT_TONES[order.fulfillment]} />
              </Wrap>
            </Stack>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}

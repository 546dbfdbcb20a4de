import { Field, HStack, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { PAKISTAN_CITIES, type DeliveryDaysOp } from '@dakiya/shared';
import { useId } from 'react';
import { DateRangeField } from '../../../components/ui/date-range-field';
import { MultiSelectField } from '../../../components/ui/multi-select-field';
import { useDebouncedDraft } from '../../../hooks/use-debounced-draft';
import type { Member } from '../api/use-members';
import { COURIER_OPTIONS, listOf, OP_OPTIONS, PAYMENT_OPTIONS, STATUS_OPTIONS, TAG_OPTIONS, type FilterPatch, type OrdersApiQuery } from '../orders-view';
import { BookedByField } from './booked-by-field';

export interface FiltersPanelProps {
  api: OrdersApiQuery;
  change(patch: FilterPatch): void;
  members: { members: Member[]; loading: boolean; failed: boolean; retry(): void };
  timeZone?: string;
}

/** Every filter of spec §2, each applied as it changes (typed ones 500 ms after the last key). */
export function FiltersPanel({ api, change, members, timeZone }: FiltersPanelProps) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" p="4" bg="bg.subtle" borderRadius="lg" data-testid="orders-filters">
      <MultiSelectField label="Status" options={STATUS_OPTIONS} value={listOf(api, 'status')} onChange={(v) => change({ status: v })} placeholder="Any status" testId="orders-filter-status" />
      <MultiSelectField label="Payment status" options={PAYMENT_OPTIONS} value={listOf(api, 'payment_status')} onChange={(v) => change({ payment_status: v })} placeholder="Paid or unpaid" testId="orders-filter-payment" />
      <MultiSelectField label="Courier" options={COURIER_OPTIONS} value={listOf(api, 'couriers')} onChange={(v) => change({ couriers: v })} placeholder="Any courier" testId="orders-filter-courier" />
      <BookedByField
        members={members.members}
        value={listOf(api, 'bookedBy')}
        onChange={(ids) => change({ bookedBy: ids })}
        loading={members.loading}
        failed={members.failed}
        onRetry={members.retry}
      />
      <MultiSelectField label="Tag" options={TAG_OPTIONS} value={listOf(api, 'tag')} onChange={(v) => change({ tag: v[0] })} placeholder="Any tag" single testId="orders-filter-tag" />
      <TypedFilter label="Destination city" value={api.dest ?? ''} onCommit={(dest) => change({ dest })} placeholder="e.g. Lahore" list={PAKISTAN_CITIES} testId="orders-filter-dest" />
      <TypedFilter label="Track #" value={api.track ?? ''} onCommit={(track) => change({ track })} placeholder="Tracking number" testId="orders-filter-track" />
      <TypedFilter label="Phone number" value={api.phone ?? ''} onCommit={(phone) => change({ phone })} placeholder="e.g. 03001234567" inputMode="tel" testId="orders-filter-phone" />
      <DeliveryDaysFilter days={api.days ?? ''} op={(api.op as DeliveryDaysOp | undefined) ?? 'GREATER'} change={change} />
      <DateRangeField
        label="Booking date"
        value={{ from: api.bookingFrom, to: api.bookingTo }}
        onChange={(r) => change({ bookingFrom: r.from, bookingTo: r.to })}
        timeZone={timeZone}
        testId="orders-filter-booking"
      />
      <DateRangeField
        label="Delivered date"
        value={{ from: api.deliveredFrom, to: api.deliveredTo }}
        onChange={(r) => change({ deliveredFrom: r.from, deliveredTo: r.to })}
        timeZone={timeZone}
        testId="orders-filter-delivered"
      />
    </SimpleGrid>
  );
}

interface TypedFilterProps {
  label: string;
  value: string;
  onCommit(value: string | undefined): void;
  placeholder?: string;
  /** Suggestions as the person types. */
  list?: readonly string[];
  inputMode?: 'tel' | 'numeric';
  testId: string;
}

function TypedFilter({ label, value, onCommit, placeholder, list, inputMode, testId }: TypedFilterProps) {
  const { draft, setDraft, flush } = useDebouncedDraft(value, (v) => onCommit(v || undefined));
  const listId = useId();
  return (
    <Field.Root>
      <Field.Label textStyle="sm">{label}</Field.Label>
      <Input
        size="sm"
        bg="bg"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Enter') flush(); }}
        onBlur={flush}
        placeholder={placeholder}
        inputMode={inputMode}
        list={list ? listId : undefined}
        autoComplete="off"
        data-testid={testId}
      />
      {list && <datalist id={listId}>{list.map((item) => <option key={item} value={item} />)}</datalist>}
    </Field.Root>
  );
}

/** Spec §2: a number of days with Greater than, Less than or Equal (GREATER unless chosen). */
function DeliveryDaysFilter({ days, op, change }: { days: string; op: DeliveryDaysOp; change(patch: FilterPatch): void }) {
  const { draft, setDraft, flush } = useDebouncedDraft(days, (d) => change({ days: d || undefined, ...(d ? {} : { op: undefined }) }), {
    normalise: (typed) => typed.replace(/[^\d]/g, ''),
  });
  return (
    <Field.Root>
      <Field.Label textStyle="sm">Delivery days</Field.Label>
      <HStack gap="2" width="full">
        <NativeSelect.Root size="sm" flex="1">
          <NativeSelect.Field bg="bg" value={op} onChange={(e) => change({ op: e.target.value })} aria-label="Delivery days: compared how" data-testid="orders-filter-op">
            {OP_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          bg="bg"
          width="24"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') flush(); }}
          onBlur={flush}
          inputMode="numeric"
          placeholder="Days"
          aria-label="Delivery days: number of days"
          data-testid="orders-filter-days"
        />
      </HStack>
    </Field.Root>
  );
}

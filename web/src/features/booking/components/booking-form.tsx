import { Box, Button, Field, Grid, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { BookOrderInput, type TrackingAccount } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';
import { useRef, useState, type ReactNode } from 'react';
import { LuMapPin, LuPackage, LuTruck, LuUser } from 'react-icons/lu';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { TextField } from '../../../components/ui/text-field';
import { useFormRefusal } from '../../../lib/form-refusal';
import {
  bookableAccounts, bookBody, bookFieldOf, BOOK_FIELD_ORDER, bookRefusalTitle, validateBookForm, weightAfterAccountChange, weightHelper,
  type BookBody, type BookFormErrors, type BookFormValues, type MergeTotals,
} from '../book-form';
import { CityPicker } from './city-picker';
import { CityScorecardLine } from './city-scorecard-line';

export interface BookingFormProps {
  initial: BookFormValues;
  accounts: readonly TrackingAccount[];
  /** The store's default weight (Settings): the proposed weight when the chosen account has none. */
  storeWeight: number;
  /** The order's own weight in Shopify (grams, 0 when none): it comes before the account's. */
  orderWeight?: number;
  /** The Shopify order id, or a merge's ids. */
  orderId: string | string[];
  /** A merge's COD parts, sent beside its total. */
  merge?: MergeTotals;
  /** Sends the booking; answers the failure to show by the Book button (the server's refusal, no answer), if any. */
  onSubmit(body: BookBody): Promise<unknown>;
  /** Replaces the COD field (a merge shows its arithmetic); its COD input is named `cod_amount`. */
  codSection?: (values: BookFormValues, set: (key: keyof BookFormValues, value: string) => void, error?: string) => ReactNode;
  submitLabel: string;
}

/** The booking form of one order or a merged parcel (spec §3 "Booking form"). */
export function BookingForm({ initial, accounts, storeWeight, orderWeight, orderId, merge, onSubmit, codSection, submitLabel }: BookingFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<BookFormErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const refusal = useFormRefusal(form);
  // the weight follows the chosen account until the person types one
  const [weightTyped, setWeightTyped] = useState(false);
  const active = bookableAccounts(accounts);
  const account = active.find((a) => a._id === values.tracking_account);
  const set = (key: keyof BookFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  const chooseAccount = (id: string) => {
    const next = active.find((a) => a._id === id);
    setValues((v) => ({ ...v, tracking_account: id, weight: weightAfterAccountChange(v, next, storeWeight, weightTyped, orderWeight) }));
    // the minimum is the courier's: a message about the last one no longer applies
    setErrors((e) => ({ ...e, tracking_account: undefined, weight: undefined }));
  };
  const typeWeight = (value: string) => {
    setWeightTyped(true);
    set('weight', value);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = bookBody(values, orderId, account?.company, merge);
    const found = validateBookForm(BookOrderInput, body, account?.company);
    setErrors(found);
    // what is wrong is said by the Book button too, and its first field is brought into view and focused
    if (Object.keys(found).length > 0) refusal.refuseFields(found, BOOK_FIELD_ORDER);
    if (Object.keys(found).length > 0 || !account) return;
    // the fields it named pass the form's check now; a refusal of no field stays until the answer
    if (refusal.refusal && refusal.refusal.fields.length > 0) refusal.clear();
    setBusy(true);
    try {
      const failure = await onSubmit(body);
      if (failure === undefined) {
        refusal.clear();
      } else {
        const shown = refusal.refuse(failure, bookFieldOf);
        setErrors(shown?.fieldErrors ?? {});
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof BookFormValues, label: string, opts: { optional?: boolean; type?: string; inputMode?: 'numeric' | 'decimal' | 'tel' | 'email'; helper?: string; onChange?(value: string): void } = {}) => (
    <TextField
      label={label}
      name={key}
      value={values[key]}
      onChange={opts.onChange ?? ((v) => set(key, v))}
      error={errors[key]}
      testId={`book-${key}`}
      required={!opts.optional}
      optional={opts.optional}
      type={opts.type}
      inputMode={opts.inputMode}
      helper={opts.helper}
    />
  );

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate data-testid="book-form">
      <Stack gap="5">
        <SectionCard title="Courier" icon={<LuTruck />} description="The tracking account books the parcel; its courier collects the COD.">
          <Grid templateColumns={{ base: '1fr', md: '2fr 1.5fr 1fr' }} gap="4">
            <Field.Root invalid={!!errors.tracking_account} required>
              <Field.Label>Tracking account<Field.RequiredIndicator /></Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="tracking_account" value={values.tracking_account} onChange={(e) => chooseAccount(e.target.value)} data-testid="book-account">
                  {active.map((a) => (
                    <option key={a._id} value={a._id}>{`${a.name} · ${COURIER_BY_ID[a.company].name}${a.is_default ? ' (default)' : ''}`}</option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{errors.tracking_account}</Field.ErrorText>
            </Field.Root>
            {field('weight', 'Weight (grams)', { inputMode: 'numeric', onChange: typeWeight, helper: weightHelper(account, storeWeight, weightTyped, orderWeight) })}
            {field('pieces', 'Pieces', { inputMode: 'numeric' })}
          </Grid>
          <Stack gap="1" mt="3">
            <CityScorecardLine city={values.consignee_city} chosen={account?.company} />
            <Text textStyle="xs" color="fg.muted">Shipping type: Overnight</Text>
          </Stack>
        </SectionCard>

        <SectionCard title="Destination" icon={<LuMapPin />} description="The courier only delivers to cities on its own list.">
          <CityPicker
            key={values.tracking_account}
            accountId={values.tracking_account}
            courierName={account ? COURIER_BY_ID[account.company].name : 'courier'}
            orderCity={values.consignee_city}
            value={values.destination_city}
            onChange={(key) => set('destination_city', key)}
            error={errors.destination_city}
          />
        </SectionCard>

        <SectionCard title="Consignee" icon={<LuUser />}>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {field('consignee_name', 'Name')}
            {field('consignee_email', 'Email', { optional: true, type: 'email', inputMode: 'email' })}
            {field('consignee_phone', 'Phone', { inputMode: 'tel', helper: 'A Pakistani mobile such as 0300 1234567' })}
            {field('consignee_phone2', 'Phone 2', { optional: true, inputMode: 'tel' })}
            {field('consignee_phone3', 'Phone 3', { optional: true, inputMode: 'tel' })}
            {field('consignee_city', 'City on the order', { optional: true })}
            <Box gridColumn={{ md: 'span 2' }}>{field('consignee_address', 'Address')}</Box>
          </Grid>
        </SectionCard>

        <SectionCard title="Parcel" icon={<LuPackage />}>
          <Stack gap="4">
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              {field('order_name', 'Order')}
              {codSection ? null : field('cod_amount', 'COD amount (Rs)', { inputMode: 'decimal' })}
            </Grid>
            {codSection?.(values, set, errors.cod_amount)}
            <Field.Root invalid={!!errors.products_list} required>
              <Field.Label>Products<Field.RequiredIndicator /></Field.Label>
              <Textarea name="products_list" value={values.products_list} onChange={(e) => set('products_list', e.target.value)} rows={3} w="full" data-testid="book-products_list" />
              <Field.ErrorText data-testid="book-products_list-error">{errors.products_list}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>Remarks <Text as="span" fontWeight="normal" opacity={0.6}>(optional)</Text></Field.Label>
              <Textarea name="remarks" value={values.remarks} onChange={(e) => set('remarks', e.target.value)} rows={2} w="full" placeholder="For the rider, e.g. call before delivery" data-testid="book-remarks" />
            </Field.Root>
          </Stack>
        </SectionCard>

        <Stack gap="3" pb={{ base: '20', md: '0' }}>
          <RefusalAlert refusal={refusal.refusal} onClose={refusal.clear} title={refusal.refusal ? bookRefusalTitle(refusal.refusal) : undefined} testId="book-refusal" />
          <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="Booking…" w={{ base: 'full', md: 'auto' }} data-testid="book-submit">
            {submitLabel}
          </Button>
          </HStack>
        </Stack>
      </Stack>
    </form>
  );
}

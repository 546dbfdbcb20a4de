import { Alert, Badge, Box, Button, chakra, Field, HStack, Input, InputGroup, NativeSelect, SimpleGrid, Skeleton, SkeletonText, Stack, Switch, Text } from '@chakra-ui/react';
import {
  FREE_SHIPPING_STEP, LIMITS, MAX_DISCOUNT_NAME_LENGTH, MAX_TAG_LENGTH, SaveSettingsInput, TAG_LABELS, type SettingsOutput,
} from '@dakiya/shared';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LuArrowLeft, LuLock, LuMail, LuPrinter, LuSave, LuScale, LuSparkles, LuTags, LuTruck } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { api, apiKey, isApiError } from '../../../lib/api';
import { useHandleApiError, useUnauthorizedOnly } from '../../../lib/api-errors';
import { useFormRefusal } from '../../../lib/form-refusal';
import { paths } from '../../../lib/paths';
import { useApi } from '../../../lib/swr';
import { focusFirstInvalid } from '../../../lib/validate';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import {
  fieldOfPath, isDirty, serverErrors, TAG_FIELDS, validateSettings, valuesFrom, type SettingsErrors, type SettingsField, type SettingsValues,
} from '../settings-form';
import { StuckDaysSection } from './stuck-days-section';

/** Spec 001 §8. */
export const SETTINGS_SAVED = 'Settings saved';
export const TAGS_PLAN_NOTE = 'Order tags are available on the Monthly and Yearly plans.';
export const NOTICES_PLAN_NOTE = 'Consignee notices are available on the Monthly and Yearly plans.';

export interface SettingsPageProps {
  /** WRITE_SETTINGS (an ADMIN has it): without it the page is read-only. */
  canWrite: boolean;
  /** Spec 001 §2: back goes to the users list (for a person who may open it). */
  backTo: string;
  backLabel: string;
  /** Pricing & plans is ADMIN only: others are told to ask their admin. */
  canSeePlans: boolean;
}

/** /dashboard/settings (spec 001 §2, §5 "Settings"). */
export function SettingsPage(props: SettingsPageProps) {
  // The page shows a failed load in its banner; only a 401 goes to the app's handler.
  const onError = useUnauthorizedOnly();
  const { data, error, isLoading, isValidating, mutate } = useApi('settings.get', {}, { onError, revalidateOnFocus: false });

  const header = (
    // as wide as the form, so Back sits above its right edge
    <Box maxW="4xl">
      <PageHeader
        title="Settings"
        subtitle="How Dakiya books your store's orders and tags them in Shopify."
        actions={
          <Button asChild variant="outline" size="sm" data-testid="settings-back">
            <Link to={props.backTo}>
              <LuArrowLeft /> {props.backLabel}
            </Link>
          </Button>
        }
      />
    </Box>
  );

  if (error && !data) {
    return (
      <>
        {header}
        <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} testId="settings-load-error" maxW="4xl" />
      </>
    );
  }
  if (isLoading || !data) {
    return (
      <>
        {header}
        <Stack gap="5" maxW="4xl" data-testid="settings-loading" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Box key={i} bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="6">
              <Skeleton height="5" width="35%" mb="5" />
              <SkeletonText noOfLines={3} gap="4" />
            </Box>
          ))}
        </Stack>
      </>
    );
  }
  return (
    <>
      {header}
      <SettingsForm saved={data} {...props} />
    </>
  );
}

function SettingsForm({ saved, canWrite, canSeePlans }: SettingsPageProps & { saved: SettingsOutput }) {
  const handleError = useHandleApiError();
  const { mutate } = useSWRConfig();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SettingsValues>(() => valuesFrom(saved.settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const refusal = useFormRefusal(form);
  const [submitting, setSubmitting] = useState(false);
  const tagsAllowed = saved.tags_allowed;
  const readOnly = !canWrite;
  const dirty = isDirty(values, saved.settings);

  const set = <K extends SettingsField>(key: K, value: SettingsValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || readOnly) return;
    const result = validateSettings(SaveSettingsInput, values, tagsAllowed);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(form.current);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const answer = await api('settings.save', { body: result.data });
      await mutate(apiKey('settings.get', {}), { settings: answer.settings, tags_allowed: answer.tags_allowed }, { revalidate: false });
      setValues(valuesFrom(answer.settings));
      refusal.clear();
      notifySuccess(answer.msg || SETTINGS_SAVED);
    } catch (error) {
      // Spec 001 §8: a settings failure is a banner (by Save); the form keeps what was typed for another try.
      if (!refusal.refuse(error, (param) => (fieldOfPath(param) === '_form' ? undefined : fieldOfPath(param)))) {
        handleError(error);
        return;
      }
      setErrors(isApiError(error) ? serverErrors(error.body) : {});
      // the plan changed under this page (cancelled in another tab): read it again so the tags lock
      if (isApiError(error) && error.code === 'PLAN_FEATURE') void mutate(apiKey('settings.get', {}));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <chakra.form ref={form} onSubmit={onSubmit} noValidate maxW="4xl" data-testid="settings-form">
      <Stack gap="5">
        {readOnly && (
          <Alert.Root status="info" borderRadius="lg" data-testid="settings-read-only">
            <Alert.Indicator />
            <Alert.Description>You can see these settings. Changing them needs the WRITE_SETTINGS access: ask your admin.</Alert.Description>
          </Alert.Root>
        )}

        <SectionCard title="Shipping and discount" icon={<LuTruck />} description="What the cash to collect includes when an order is booked.">
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                label="Free shipping value"
                name="free_shipping_value"
                required
                value={values.free_shipping_value}
                onChange={(v) => set('free_shipping_value', v)}
                error={errors.free_shipping_value}
                helper={`Orders worth this much or more are booked without the shipping charge. 0 means not set. Steps of ${FREE_SHIPPING_STEP}, up to ${LIMITS.maxFreeShippingValue.toLocaleString('en-US')}.`}
                testId="settings-free-shipping"
              >
                <InputGroup startAddon="Rs">
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={LIMITS.maxFreeShippingValue}
                    step={FREE_SHIPPING_STEP}
                    value={values.free_shipping_value}
                    onChange={(e) => set('free_shipping_value', e.target.value)}
                    readOnly={readOnly}
                    data-testid="settings-free-shipping"
                  />
                </InputGroup>
              </TextField>
              <TextField
                label="Discount name"
                name="discount_name"
                optional
                value={values.discount_name}
                onChange={(v) => set('discount_name', v)}
                error={errors.discount_name}
                maxLength={MAX_DISCOUNT_NAME_LENGTH}
                placeholder="Discount"
                helper="The label of an order's discount on the booking page."
                readOnly={readOnly}
                testId="settings-discount-name"
              />
            </SimpleGrid>
            <SwitchRow
              label="Show discount"
              description="Show an order's discount, under the name above, when it is booked."
              checked={values.show_discount}
              onChange={(checked) => set('show_discount', checked)}
              disabled={readOnly}
              error={errors.show_discount}
              testId="settings-show-discount"
            />
          </Stack>
        </SectionCard>

        <SectionCard title="Default weight" icon={<LuScale />} description="The weight a booking starts with when nothing else gives one.">
          <Box maxW={{ md: '50%' }} pe={{ md: '2' }}>
            <TextField
              label="Default weight"
              name="default_weight"
              required
              value={values.default_weight}
              onChange={(v) => set('default_weight', v)}
              error={errors.default_weight}
              helper={`1 to ${LIMITS.maxAccountWeightGrams.toLocaleString('en-US')} grams.`}
              testId="settings-default-weight"
            >
              <InputGroup endAddon="grams">
                <Input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={LIMITS.maxAccountWeightGrams}
                  step={1}
                  value={values.default_weight}
                  onChange={(e) => set('default_weight', e.target.value)}
                  readOnly={readOnly}
                  data-testid="settings-default-weight"
                />
              </InputGroup>
            </TextField>
          </Box>
        </SectionCard>

        <SectionCard title="Airway bills" icon={<LuPrinter />} description="The paper Dakiya prints airway bills on.">
          <Box maxW={{ md: '50%' }} pe={{ md: '2' }}>
            <Field.Root>
              <Field.Label>Paper</Field.Label>
              <NativeSelect.Root disabled={readOnly}>
                <NativeSelect.Field
                  value={values.label_paper}
                  onChange={(e) => set('label_paper', e.target.value as SettingsValues['label_paper'])}
                  data-testid="settings-label-paper"
                >
                  <option value="A4">A4 sheet, four bills a page</option>
                  <option value="THERMAL_4X6">4x6 inch thermal labels, one bill each</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Box>
        </SectionCard>

        <SectionCard
          title="Order tags"
          icon={<LuTags />}
          description="The tag Dakiya adds to the Shopify order when its parcel reaches each status. Leave one empty to add none."
          actions={<PlanBadge allowed={tagsAllowed} testId="settings-tags-plan" />}
          testId="settings-tags"
        >
          <Stack gap="4" data-field="tags">
            {!tagsAllowed && <TagsLocked canSeePlans={canSeePlans} />}
            {errors.tags && (
              <Text textStyle="sm" color="fg.error" data-testid="settings-tags-error" role="alert">
                {errors.tags}
              </Text>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {TAG_FIELDS.map((key) => (
                <TextField
                  key={key}
                  name={key}
                  label={TAG_LABELS[key]}
                  value={values[key]}
                  onChange={(v) => set(key, v)}
                  error={errors[key]}
                  maxLength={MAX_TAG_LENGTH}
                  placeholder={tagsAllowed ? 'No tag' : ''}
                  disabled={!tagsAllowed}
                  readOnly={readOnly}
                  testId={`settings-${key}`}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </SectionCard>

        <SectionCard
          title="Consignee notices"
          icon={<LuMail />}
          description="Dakiya emails the customer when their parcel is out for delivery, delivered or returned, with its tracking link, in English and Urdu. Customers who gave no email get nothing."
          actions={<PlanBadge allowed={tagsAllowed} testId="settings-notices-plan" />}
          testId="settings-notices"
        >
          <SwitchRow
            label="Email consignee notices"
            description={tagsAllowed ? 'One email per event; none when the parcel is booked (Shopify\'s shipping email has the link then).' : NOTICES_PLAN_NOTE}
            checked={values.consignee_notices}
            onChange={(checked) => set('consignee_notices', checked)}
            disabled={readOnly || !tagsAllowed}
            error={errors.consignee_notices}
            field="consignee_notices"
            testId="settings-consignee-notices"
          />
        </SectionCard>
        <StuckDaysSection values={values} errors={errors} readOnly={readOnly} set={set} />

        <RefusalAlert refusal={refusal.refusal} onClose={refusal.clear} title="The settings were not saved" testId="settings-save-error" />

        {!readOnly && (
          <HStack justify="flex-end" gap="3" pb="4" wrap="wrap">
            {dirty && (
              <Text textStyle="sm" color="fg.muted" data-testid="settings-unsaved">
                Unsaved changes
              </Text>
            )}
            <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Saving" data-testid="settings-save">
              <LuSave /> Save settings
            </Button>
          </HStack>
        )}
      </Stack>
    </chakra.form>
  );
}

function PlanBadge({ allowed, testId }: { allowed: boolean; testId: string }) {
  return (
    <Badge colorPalette={allowed ? 'green' : 'purple'} variant="subtle" data-testid={testId}>
      {allowed ? 'On your plan' : (
        <>
          <LuLock /> Monthly & Yearly
        </>
      )}
    </Badge>
  );
}

function TagsLocked({ canSeePlans }: { canSeePlans: boolean }) {
  return (
    <Alert.Root status="info" borderRadius="lg" alignItems="center" flexWrap="wrap" rowGap="3" data-testid="settings-tags-locked">
      <Alert.Indicator>
        <LuSparkles />
      </Alert.Indicator>
      <Alert.Content minW="48">
        <Alert.Title>{TAGS_PLAN_NOTE}</Alert.Title>
        <Alert.Description>{canSeePlans ? 'Upgrade to have Dakiya tag your orders as their parcels move.' : 'Ask your admin to upgrade the plan.'}</Alert.Description>
      </Alert.Content>
      {canSeePlans && (
        <Button asChild size="sm" colorPalette="brand" variant="outline" bg="bg" data-testid="settings-see-plans">
          <Link to={paths.dashboard.plans()}>See plans</Link>
        </Button>
      )}
    </Alert.Root>
  );
}

interface SwitchRowProps {
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  error?: string;
  /** The field a server refusal names (`data-field`, where the form puts the focus). */
  field?: SettingsField;
  testId: string;
}

function SwitchRow({ label, description, checked, onChange, disabled, error, field = 'show_discount', testId }: SwitchRowProps) {
  return (
    <Field.Root disabled={disabled} invalid={!!error} data-field={field}>
      <Switch.Root colorPalette="brand" checked={checked} disabled={disabled} onCheckedChange={(e) => onChange(e.checked)} data-testid={testId} alignItems="flex-start">
        <Switch.HiddenInput />
        <Switch.Control mt="0.5" />
        <Switch.Label>
          <Text fontWeight="medium">{label}</Text>
          <Text textStyle="sm" color="fg.muted" fontWeight="normal">
            {description}
          </Text>
        </Switch.Label>
      </Switch.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

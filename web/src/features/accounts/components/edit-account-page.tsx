import { Badge, Box, Button, chakra, HStack, NativeSelect, SimpleGrid, Skeleton, SkeletonText, Stack, Text, Wrap } from '@chakra-ui/react';
import { ACCOUNT_NAME_MAX, courierDefinition, DEFAULT_NOT_DEACTIVATED, PAKISTAN_CITIES, UpdateAccountInput, type TrackingAccount } from '@dakiya/shared';
import { useState, type FormEvent } from 'react';
import { LuKeyRound, LuLockKeyhole, LuSave, LuSearchX, LuSlidersHorizontal } from 'react-icons/lu';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api';
import { useHandleApiError, useUnauthorizedOnly } from '../../../lib/api-errors';
import { useFormFields } from '../../../lib/form-fields';
import { paths } from '../../../lib/paths';
import { useApi } from '../../../lib/swr';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { defaultDeactivationConflict, formFromAccount, INACTIVE_NOT_DEFAULT, validateUpdateAccount, type EditAccountField, type EditAccountValues } from '../account-form';
import { isAccountsKey } from '../accounts-list';
import { COURIERS, credentialLabel, EDIT_FIELDS, joinLabels, permanentLabels, type CredentialField } from '../couriers';
import { classifySubmitError } from '../submit-errors';
import { CityField, CredentialInput, ShipperDetails, SwitchField, WeightField } from './account-fields';
import { CourierBadge } from './account-badges';
import { NoWriteAccess } from './create-account-page';
import { StatusPushCard } from './status-push-card';

export const ACCOUNT_UPDATED = 'Account updated';

export interface EditAccountPageProps {
  /** WRITE_ACCOUNTS (an ADMIN has it). */
  canWrite: boolean;
  /** The shop's IANA zone, for the status-push card's last push. */
  timeZone?: string;
}

/** /dashboard/edit-account/{account_id} (spec 001 §2, §5 "Edit account"). */
export function EditAccountPage({ canWrite, timeZone }: EditAccountPageProps) {
  const { account_id: id } = useParams();
  // The page shows a failed load itself; only a 401 goes to the app's handler.
  const onError = useUnauthorizedOnly();
  const { data, error, isLoading, isValidating, mutate } = useApi('accounts.get', id && canWrite ? { params: { id } } : null, { onError, revalidateOnFocus: false });

  if (!canWrite) return <NoWriteAccess />;

  const header = (account?: TrackingAccount) => (
    <PageHeader
      title="Edit Account"
      titleAddon={account && <CourierBadge company={account.company} size="lg" />}
      subtitle={account ? account.name : 'Change how this courier account books parcels.'}
      backTo={paths.dashboard.accounts()}
    />
  );

  if (error && (error.status === 404 || !data)) {
    return (
      <>
        {header()}
        {error.status === 404 ? (
          <EmptyState
            testId="account-not-found"
            icon={<LuSearchX />}
            title="We could not find this account"
            description="It may have been removed, or the link is not complete."
          >
            <Button asChild variant="outline" size="sm">
              <Link to={paths.dashboard.accounts()}>Back to tracking accounts</Link>
            </Button>
          </EmptyState>
        ) : (
          <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} testId="account-load-error" />
        )}
      </>
    );
  }

  if (isLoading || !data) {
    return (
      <>
        {header()}
        <Stack gap="5" maxW="4xl" data-testid="account-loading" aria-busy="true">
          {[0, 1].map((i) => (
            <Box key={i} bg="app.surface" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="6">
              <Skeleton height="5" width="40%" mb="5" />
              <SkeletonText noOfLines={4} gap="4" />
            </Box>
          ))}
        </Stack>
      </>
    );
  }

  return (
    <>
      {header(data.account)}
      <EditAccountForm key={data.account._id} account={data.account} timeZone={timeZone} />
    </>
  );
}

function EditAccountForm({ account, timeZone }: { account: TrackingAccount; timeZone?: string }) {
  const navigate = useNavigate();
  const handleError = useHandleApiError();
  const { mutate } = useSWRConfig();
  const { values, errors, form, set, accept, refusal, refuse, succeeded, closeRefusal } = useFormFields<EditAccountValues>(() => formFromAccount(account, PAKISTAN_CITIES));
  const [submitting, setSubmitting] = useState(false);
  const courier = COURIERS[account.company];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const result = validateUpdateAccount(UpdateAccountInput, account._id, account.company, values, account.is_default);
    if (!accept(result)) return;
    setSubmitting(true);
    try {
      const answer = await api('accounts.update', { body: result.data });
      notifySuccess(answer.msg || ACCOUNT_UPDATED);
      succeeded();
      void mutate(isAccountsKey);
      navigate(paths.dashboard.accounts());
    } catch (error) {
      // a plan limit is said here too: reactivating an account is what reached it
      if (classifySubmitError(error).kind === 'app' || !refuse(error)) handleError(error);
    } finally {
      setSubmitting(false);
    }
  }

  const fields = EDIT_FIELDS[account.company];
  // A secret is asked for only to change it: left empty, the saved one stays (README, "Choices").
  const secretHelper = (field: CredentialField) =>
    field.kind === 'secret'
      ? `Saved and never shown. Leave it empty to keep it; type the new one only if you changed it with ${courier.name}.`
      : undefined;
  const input = (field: CredentialField) => (
    <CredentialInput
      key={field.key}
      field={field}
      value={values[field.key as EditAccountField] as string}
      onChange={(v) => set(field.key as EditAccountField, v)}
      error={errors[field.key as EditAccountField]}
      helper={secretHelper(field)}
      required={field.kind !== 'secret'}
    />
  );
  const connectionFields = fields.filter((f) => f.group !== 'shipper');
  const shipperFields = fields.filter((f) => f.group === 'shipper');

  return (
    <chakra.form ref={form} onSubmit={onSubmit} noValidate maxW="4xl" data-testid="edit-account-form">
      <Stack gap="5">
        <SectionCard title={`${courier.name} connection`} icon={<LuKeyRound />} description="Credentials are stored encrypted and never shown again after saving.">
          <Stack gap="4">
            <Stack gap="2">
              <Text textStyle="sm" fontWeight="medium">
                Saved credentials
              </Text>
              <Wrap gap="2" data-testid="saved-credentials">
                {account.saved_credentials.length === 0 ? (
                  <Text textStyle="sm" color="fg.muted">
                    None recorded
                  </Text>
                ) : (
                  account.saved_credentials.map((key) => (
                    <Badge key={key} variant="outline" size="lg" colorPalette="gray" data-testid={`saved-${key}`} gap="1.5">
                      <LuLockKeyhole aria-hidden />
                      {credentialLabel(key)}
                      <Text as="span" color="fg.success" fontWeight="semibold">
                        saved
                      </Text>
                    </Badge>
                  ))
                )}
              </Wrap>
              <Text textStyle="xs" color="fg.muted">
                {permanentNote(account)}
              </Text>
            </Stack>
            {connectionFields.length > 0 && (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {connectionFields.map(input)}
              </SimpleGrid>
            )}
            {shipperFields.length > 0 && (
              <ShipperDetails>{shipperFields.map(input)}</ShipperDetails>
            )}
          </Stack>
        </SectionCard>

        <SectionCard title="Account details" icon={<LuSlidersHorizontal />} description="How this account appears in Dakiya and what it books by default.">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                label="Account name"
                name="name"
                required
                value={values.name}
                onChange={(v) => set('name', v)}
                maxLength={ACCOUNT_NAME_MAX}
                error={errors.name}
                testId="field-name"
              />
              <CityField
                label="Pickup city"
                name="city"
                value={values.city}
                onChange={(v) => set('city', v)}
                error={errors.city}
                helper="Where this account’s parcels are picked up."
                testId="field-city"
              />
              <WeightField value={values.weight} onChange={(v) => set('weight', v)} error={errors.weight} />
              <TextField
                label="Activity"
                name="activity"
                value={values.activity}
                onChange={() => {}}
                // live: the refusal goes as soon as Default is turned off or the account made active again
                error={defaultDeactivationConflict(account.is_default, values) ?? (errors.activity === DEFAULT_NOT_DEACTIVATED ? undefined : errors.activity)}
                helper="Inactive accounts are hidden from the booking page."
                testId="edit-activity"
              >
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={values.activity}
                    onChange={(e) => {
                      const activity = e.currentTarget.value === 'IN_ACTIVE' ? 'IN_ACTIVE' : 'ACTIVE';
                      set('activity', activity);
                      // Hidden from booking, so it cannot stay the default; the saved default is not
                      // given up silently: the person turns Default off themselves (or picks another first).
                      if (activity === 'IN_ACTIVE' && !account.is_default) set('is_default', false);
                    }}
                    data-testid="edit-activity"
                  >
                    <option value="ACTIVE">Active</option>
                    <option value="IN_ACTIVE">Inactive</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </TextField>
            </SimpleGrid>
            <SwitchField
              label="Default account"
              description={
                values.activity === 'IN_ACTIVE'
                  ? values.is_default
                    ? 'Turn this off to leave your store without a default account, or make another account the default first.'
                    : `${INACTIVE_NOT_DEFAULT} Make it active to choose it.`
                  : 'Preselected on the booking page. Only one account is the default.'
              }
              checked={values.is_default}
              disabled={values.activity === 'IN_ACTIVE' && !values.is_default}
              onChange={(checked) => set('is_default', checked)}
              name="is_default"
              testId="edit-default"
            />
            {errors.is_default && (
              <Text textStyle="sm" color="fg.error" data-testid="edit-default-error">
                {errors.is_default}
              </Text>
            )}
          </Stack>
        </SectionCard>

        {courierDefinition(account.company).booking.statusPush && <StatusPushCard account={account} timeZone={timeZone} />}

        <RefusalAlert
          refusal={refusal}
          onClose={closeRefusal}
          title={refusal?.tone === 'warning' ? 'Nothing was saved yet' : 'The account was not saved'}
          testId="account-error"
        />

        <HStack justify="flex-end" gap="3" pb="4">
          <Button asChild variant="outline" data-testid="edit-cancel">
            <Link to={paths.dashboard.accounts()}>Cancel</Link>
          </Button>
          <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Saving" data-testid="edit-submit">
            <LuSave /> Save changes
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}

/** 'API key cannot be changed. To use a different one, …' / 'Username and Account number cannot be changed. …' */
function permanentNote(account: TrackingAccount): string {
  const labels = permanentLabels(account.company);
  if (labels.length === 0) return '';
  const other = labels.length > 1 ? 'different ones' : 'a different one';
  return `${joinLabels(labels)} cannot be changed. To use ${other}, create a new account.`;
}

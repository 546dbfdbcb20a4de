import { Alert, Box, Button, chakra, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { ACCOUNT_NAME_MAX, CreateAccountInput, type Courier } from '@dakiya/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LuKeyRound, LuLock, LuPackagePlus, LuSlidersHorizontal, LuTruck } from 'react-icons/lu';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api';
import { useHandleApiError } from '../../../lib/api-errors';
import { useFormFields } from '../../../lib/form-fields';
import { paths, returnPathFrom } from '../../../lib/paths';
import { focusFirstInvalid } from '../../../lib/validate';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PlanLimitDialog } from '../../../components/ui/plan-limit-dialog';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { emptyCreateForm, validateCreateAccount, type CreateAccountValues } from '../account-form';
import { CREATE_REDIRECT_MS, isAccountsKey } from '../accounts-list';
import { COURIERS, CREATE_FIELDS, joinLabels, permanentLabels, type CredentialField } from '../couriers';
import { classifySubmitError } from '../submit-errors';
import { CityField, CredentialInput, ShipperDetails, SwitchField, WeightField } from './account-fields';
import { CompanyPicker } from './company-picker';

export const ACCOUNT_CREATED = 'Account has been created';

export interface CreateAccountPageProps {
  /** WRITE_ACCOUNTS (an ADMIN has it). */
  canWrite: boolean;
  /** An ADMIN: a plan limit leads to the plans page; anyone else is told to ask one. */
  canUpgrade: boolean;
}

/** /dashboard/accounts/create-account (spec 001 §2, §5). */
export function CreateAccountPage({ canWrite, canUpgrade }: CreateAccountPageProps) {
  const navigate = useNavigate();
  // sent from a booking screen that found no account: back to it once the account exists
  const [search] = useSearchParams();
  const backTo = returnPathFrom(search.get('return'));
  const handleError = useHandleApiError();
  const { mutate } = useSWRConfig();
  const { values, setValues, errors, setErrors, form, set, refusal, refuse, succeeded, closeRefusal } = useFormFields<CreateAccountValues>(emptyCreateForm);
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState(false);
  const [planLimit, setPlanLimit] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const chooseCompany = (company: Courier) => {
    if (company === values.company) return;
    setValues((v) => ({ ...v, company }));
    // Another courier, other fields: earlier messages no longer apply.
    setErrors({});
    closeRefusal();
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting || created) return;
    const result = validateCreateAccount(CreateAccountInput, values);
    if (!result.ok) {
      // Before a courier is chosen only the choice is on screen: ask for that first.
      setErrors(values.company === '' ? { company: result.errors.company } : result.errors);
      focusFirstInvalid(form.current);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const answer = await api('accounts.create', { body: result.data });
      notifySuccess(answer.msg || ACCOUNT_CREATED);
      succeeded();
      setCreated(true);
      void mutate(isAccountsKey);
      timer.current = window.setTimeout(() => navigate(backTo ?? paths.dashboard.accounts()), CREATE_REDIRECT_MS);
    } catch (error) {
      const outcome = classifySubmitError(error);
      if (outcome.kind === 'planLimit') setPlanLimit(outcome.message);
      else if (outcome.kind === 'app' || !refuse(error)) handleError(error);
    } finally {
      setSubmitting(false);
    }
  }

  if (!canWrite) return <NoWriteAccess />;

  const company = values.company;
  const fields = company === '' ? [] : CREATE_FIELDS[company];
  const credentialFields = fields.filter((f) => f.group !== 'shipper');
  const shipperFields = fields.filter((f) => f.group === 'shipper');
  const input = (field: CredentialField) => (
    <CredentialInput key={field.key} field={field} value={values[field.key]} onChange={(v) => set(field.key, v)} error={errors[field.key]} />
  );

  return (
    <>
      <PageHeader
        title="Create tracking account"
        subtitle="Connect a courier account so Dakiya can book and track your parcels with it."
        backTo={backTo ?? paths.dashboard.accounts()}
      />
      {backTo && (
        <Alert.Root status="info" borderRadius="lg" mb="5" maxW="4xl" data-testid="create-account-return">
          <Alert.Indicator />
          <Alert.Description>Once the account is created, you go back to the order you were booking.</Alert.Description>
        </Alert.Root>
      )}
      <chakra.form ref={form} onSubmit={onSubmit} noValidate maxW="4xl" data-testid="create-account-form">
        <Stack gap="5">
          <SectionCard title="Courier" icon={<LuTruck />} description="Which courier is this account with?">
            <CompanyPicker value={company} onChange={chooseCompany} error={errors.company} />
          </SectionCard>

          {company === '' ? (
            <Box borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="xl" p="6" textAlign="center" color="fg.muted" textStyle="sm">
              Choose a courier above to see the credentials it needs.
            </Box>
          ) : (
            <>
              <SectionCard
                title={`${COURIERS[company].name} credentials`}
                icon={<LuKeyRound />}
                description={`From your ${COURIERS[company].name} merchant portal or account manager. Dakiya checks them with ${COURIERS[company].name} before saving.`}
                testId="credentials-section"
              >
                <Stack gap="4">
                  <Alert.Root status="warning" variant="subtle" borderRadius="lg" data-testid="credentials-notice">
                    <Alert.Indicator>
                      <LuLock />
                    </Alert.Indicator>
                    <Alert.Content>
                      <Alert.Title>API key, username and token cannot be changed later</Alert.Title>
                      <Alert.Description>
                        They cannot be changed or deleted once the account is created, so verify your{' '}
                        {joinLabels(permanentLabels(company))} with {COURIERS[company].name} before you save. To use
                        different ones later, add a new account.
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {credentialFields.map(input)}
                  </SimpleGrid>
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
                      name="account_name"
                      required
                      placeholder="e.g. Lahore warehouse"
                      value={values.account_name}
                      onChange={(v) => set('account_name', v)}
                      maxLength={ACCOUNT_NAME_MAX}
                      error={errors.account_name}
                      helper={`Shown in the accounts list and when booking. Up to ${ACCOUNT_NAME_MAX} characters.`}
                      testId="field-account_name"
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
                  </SimpleGrid>
                  <SwitchField
                    label="Make this the default account"
                    description="Preselected on the booking page. Only one account is the default."
                    checked={values.is_default}
                    onChange={(checked) => set('is_default', checked)}
                    name="is_default"
                    testId="field-is_default"
                  />
                </Stack>
              </SectionCard>
            </>
          )}

          <RefusalAlert
            refusal={refusal}
            onClose={closeRefusal}
            title={refusal?.tone === 'warning' ? 'Nothing was saved yet' : 'The account was not created'}
            testId="account-error"
          />

          <HStack justify="flex-end" gap="3" pb="4">
            <Button asChild variant="outline" data-testid="account-cancel">
              <Link to={backTo ?? paths.dashboard.accounts()}>Cancel</Link>
            </Button>
            <Button
              type="submit"
              colorPalette="brand"
              loading={submitting || created}
              loadingText={created ? 'Created' : 'Checking with courier'}
              data-testid="account-submit"
            >
              <LuPackagePlus /> Create account
            </Button>
          </HStack>
        </Stack>
      </chakra.form>
      <PlanLimitDialog message={planLimit} canUpgrade={canUpgrade} onClose={() => setPlanLimit(null)} />
    </>
  );
}

/** For a user without WRITE_ACCOUNTS who followed a link here. */
export function NoWriteAccess() {
  return (
    <>
      <PageHeader title="Tracking accounts" backTo={paths.dashboard.accounts()} />
      <EmptyState
        testId="accounts-no-access"
        icon={<LuLock />}
        title="You can view tracking accounts, not change them"
        description="Adding or editing courier accounts needs the Write accounts permission. Ask your admin for it."
      >
        <Button asChild variant="outline" size="sm">
          <Link to={paths.dashboard.accounts()}>Back to tracking accounts</Link>
        </Button>
      </EmptyState>
    </>
  );
}

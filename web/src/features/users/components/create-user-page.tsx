import { Button, chakra, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { CreateUserInput, USER_LIMITS } from '@dakiya/shared';
import { useState, type FormEvent } from 'react';
import { LuMapPin, LuShieldCheck, LuUserPlus, LuUserRound } from 'react-icons/lu';
import { Link, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { api, isApiError } from '../../../lib/api';
import { useHandleApiError } from '../../../lib/api-errors';
import { useFormFields } from '../../../lib/form-fields';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/ui/page-header';
import { PasswordInput } from '../../../components/ui/password-input';
import { PlanLimitDialog, planLimitMessage } from '../../../components/ui/plan-limit-dialog';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { isRouteKey } from '../../../lib/swr';
import { emptyUserForm, validateCreateUser, type UserFormValues } from '../user-form';
import { AddressFields, NameFields, RoleAccessFields, TagPhoneFields } from './user-fields';

export const USER_CREATED = 'User created';

/** /dashboard/create-user (spec 000 §5 "Create user"). */
export function CreateUserPage() {
  const navigate = useNavigate();
  const handleError = useHandleApiError();
  const { mutate } = useSWRConfig();
  const { values, errors, form, set, accept, refusal, refuse, succeeded, closeRefusal } = useFormFields<UserFormValues>(emptyUserForm);
  const [submitting, setSubmitting] = useState(false);
  const [planLimit, setPlanLimit] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateCreateUser(CreateUserInput, values);
    if (!accept(result)) return;
    setSubmitting(true);
    try {
      const answer = await api('users.create', { body: result.data });
      notifySuccess(answer.msg || USER_CREATED);
      succeeded();
      void mutate(isRouteKey('users.list'));
      navigate(paths.dashboard.users());
    } catch (error) {
      if (isApiError(error) && (error.planLimitError || error.code === 'PLAN_LIMIT_REACHED')) {
        setPlanLimit(planLimitMessage(error.body));
      } else {
        refuse(error);
        handleError(error);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const fieldProps = { values, errors, limits: USER_LIMITS.create, set };

  return (
    <>
      <PageHeader title="Create user" subtitle="Add someone from your team and choose what they can do in Dakiya." backTo={paths.dashboard.users()} />
      <chakra.form ref={form} onSubmit={onSubmit} noValidate maxW="4xl" data-testid="create-user-form">
        <Stack gap="5">
          <SectionCard title="Personal details" icon={<LuUserRound />} description="Used to sign in and shown on the orders they book.">
            <Stack gap="4">
              <NameFields {...fieldProps} />
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <TextField
                  label="Email"
                  name="email"
                  required
                  type="email"
                  autoComplete="off"
                  placeholder="name@yourstore.pk"
                  value={values.email}
                  onChange={(v) => set('email', v)}
                  maxLength={USER_LIMITS.create.email}
                  error={errors.email}
                  helper="We email a link to verify this address before they can sign in."
                  testId="user-email"
                />
                <TextField label="Password" name="password" required value={values.password} onChange={(v) => set('password', v)} error={errors.password} helper="At least 8 characters." testId="user-password">
                  <PasswordInput
                    autoComplete="new-password"
                    value={values.password}
                    onChange={(e) => set('password', e.target.value)}
                    testId="user-password"
                  />
                </TextField>
              </SimpleGrid>
              <TagPhoneFields {...fieldProps} />
            </Stack>
          </SectionCard>

          <SectionCard title="Address" icon={<LuMapPin />} description="Optional.">
            <AddressFields {...fieldProps} />
          </SectionCard>

          <SectionCard title="Role and access" icon={<LuShieldCheck />} description="Pick a role; for a user, tick the areas they may open.">
            <RoleAccessFields values={values} errors={errors} set={set} />
          </SectionCard>

          <RefusalAlert refusal={refusal} onClose={closeRefusal} title="The user was not created" testId="create-user-refusal" />
          <HStack justify="flex-end" gap="3" pb="4">
            <Button asChild variant="outline" data-testid="create-user-cancel">
              <Link to={paths.dashboard.users()}>Cancel</Link>
            </Button>
            <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Creating" data-testid="create-user-submit">
              <LuUserPlus /> Create user
            </Button>
          </HStack>
        </Stack>
      </chakra.form>
      <PlanLimitDialog message={planLimit} onClose={() => setPlanLimit(null)} />
    </>
  );
}

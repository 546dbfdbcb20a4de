import { Box, Button, chakra, Checkbox, Grid, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { ADMIN_EMAIL_LOCKED, ChangeEmailInput, EditUserInput, SetUserPasswordInput, USER_LIMITS, type User } from '@dakiya/shared';
import { useRef, useState, type FormEvent } from 'react';
import { LuCircleCheck, LuKeyRound, LuLock, LuMail, LuMailWarning, LuSave, LuSend, LuUserRound, LuUserX } from 'react-icons/lu';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api';
import { useHandleApiError, useUnauthorizedOnly } from '../../../lib/api-errors';
import { useFormFields } from '../../../lib/form-fields';
import { useFormRefusal } from '../../../lib/form-refusal';
import { fullName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { isRouteKey, useApi } from '../../../lib/swr';
import { validate } from '../../../lib/validate';
import { useConfirm } from '../../../components/ui/confirm';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { PasswordInput } from '../../../components/ui/password-input';
import { RefusalAlert } from '../../../components/ui/refusal-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { PageSkeleton } from '../../../components/ui/skeletons';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';

import { canChangeEmail, OWNER_DETAILS_LOCKED, OWNER_ROLE_LOCKED, formFromUser, validateEditUser, type UserFormValues } from '../user-form';
import { useUserActions } from '../use-user-actions';
import { RoleBadge } from './role-badge';
import { AddressFields, NameFields, RoleAccessFields, TagPhoneFields } from './user-fields';
import { TwoFactorCard } from './two-factor-card';

export const EMAIL_UPDATED = 'Email updated';
export const PASSWORD_CHANGED = 'Password has been changed';

/** /dashboard/users/{user_id} (spec 000 §5 "Update user"). `currentUserId`: who is signed in. */
export function EditUserPage({ currentUserId }: { currentUserId?: string }) {
  const { user_id: userId = '' } = useParams();
  // The page shows a failed read itself; only a 401 goes to the app's handler.
  const onError = useUnauthorizedOnly();
  const { data, error, isLoading, isValidating, mutate } = useApi('users.get', { params: { id: userId } }, { onError });

  if (isLoading && !data) return <PageSkeleton />;
  // Not there (deleted, a wrong link) is final; anything else may pass: say it and offer another try.
  if (!data && error && error.status !== 404 && error.status !== 400) {
    return (
      <>
        <PageHeader title="Edit user" backTo={paths.dashboard.users()} />
        <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} testId="user-load-error" />
      </>
    );
  }
  if (!data) {
    return (
      <>
        <PageHeader title="Edit user" backTo={paths.dashboard.users()} />
        <EmptyState
          testId="user-not-found"
          icon={<LuUserX />}
          title="This user could not be opened"
          description="They may have been deleted, or the link is wrong."
        >
          <Button asChild variant="outline" size="sm">
            <Link to={paths.dashboard.users()}>Back to staff users</Link>
          </Button>
        </EmptyState>
      </>
    );
  }
  // Re-mount the forms when another user is opened.
  return <EditUser key={data.user._id} user={data.user} isSelf={data.user._id === currentUserId} />;
}

function EditUser({ user, isSelf }: { user: User; isSelf: boolean }) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const actions = useUserActions();
  const [toggling, setToggling] = useState(false);
  // Redraws the switch after each attempt: a refused one must not leave it flipped and deaf to the next click.
  const [attempts, setAttempts] = useState(0);
  const key = ['users.get', { params: { id: user._id } }] as const;

  const refresh = (next: User) => {
    void mutate(key, { user: next }, { revalidate: false });
    void mutate(isRouteKey('users.list'));
  };

  async function onToggle() {
    setToggling(true);
    try {
      const next = await actions.toggleRestriction(user);
      if (next) {
        refresh(next);
        // Spec 000 §2: after restrict or unrestrict the flow returns to the users list.
        navigate(paths.dashboard.users());
      }
    } finally {
      setToggling(false);
      setAttempts((n) => n + 1);
    }
  }

  return (
    <>
      <PageHeader
        title={fullName(user) || 'Edit user'}
        subtitle={user.email}
        backTo={paths.dashboard.users()}
        titleAddon={<RoleBadge role={user.role} />}
      />
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 2fr) minmax(300px, 1fr)' }} gap="5" alignItems="start">
        <ProfileForm user={user} readOnly={user.is_owner && !isSelf} onSaved={refresh} />
        {/* On a phone the quick actions come first, not under the long form. */}
        <Stack gap="5" order={{ base: -1, xl: 0 }}>
          {user.role === 'USER' && (
            <SectionCard title="Access" icon={<LuLock />} description="A restricted user cannot sign in.">
              <Stack gap="3">
                <Switch.Root
                  key={attempts}
                  colorPalette="brand"
                  checked={user.is_active}
                  disabled={toggling}
                  onCheckedChange={() => void onToggle()}
                  data-testid="user-restrict-toggle"
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{user.is_active ? 'Active' : 'Restricted'}</Switch.Label>
                </Switch.Root>
              </Stack>
            </SectionCard>
          )}
          <EmailCard user={user} onSaved={refresh} onResend={() => void actions.resendVerification(user)} />
          <PasswordCard user={user} locked={user.is_owner && !isSelf} />
          <TwoFactorCard user={user} isSelf={isSelf} onSaved={refresh} />
        </Stack>
      </Grid>
    </>
  );
}

function ProfileForm({ user, readOnly, onSaved }: { user: User; readOnly: boolean; onSaved(user: User): void }) {
  const handleError = useHandleApiError();
  const { values, errors, form, set, accept, refusal, refuse, succeeded, closeRefusal } = useFormFields<UserFormValues>(() => formFromUser(user));
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateEditUser(EditUserInput, values);
    if (!accept(result)) return;
    setSaving(true);
    try {
      const answer = await api('users.edit', { params: { id: user._id }, body: result.data });
      notifySuccess(answer.msg || 'User updated');
      succeeded();
      onSaved(answer.user);
    } catch (error) {
      refuse(error);
      handleError(error);
    } finally {
      setSaving(false);
    }
  }

  const fieldProps = { values, errors, limits: USER_LIMITS.edit, set };
  return (
    <chakra.form ref={form} onSubmit={onSubmit} noValidate data-testid="edit-user-form">
      <SectionCard title="Profile and access" icon={<LuUserRound />} description={readOnly ? OWNER_DETAILS_LOCKED : undefined}>
        <chakra.fieldset disabled={readOnly} minW="0" data-testid="edit-user-fields">
          <Stack gap="5">
            <NameFields {...fieldProps} />
            <TagPhoneFields {...fieldProps} />
            <AddressFields {...fieldProps} />
            <Box borderTopWidth="1px" borderColor="border.muted" pt="5">
              <RoleAccessFields values={values} errors={errors} set={set} roleLockedReason={user.is_owner ? OWNER_ROLE_LOCKED : undefined} />
            </Box>
            <RefusalAlert refusal={refusal} onClose={closeRefusal} title="The changes were not saved" testId="edit-user-refusal" />
            {!readOnly && (
              <HStack justify="flex-end">
                <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving" data-testid="edit-user-submit">
                  <LuSave /> Save changes
                </Button>
              </HStack>
            )}
          </Stack>
        </chakra.fieldset>
      </SectionCard>
    </chakra.form>
  );
}

function EmailCard({ user, onSaved, onResend }: { user: User; onSaved(user: User): void; onResend(): void }) {
  const handleError = useHandleApiError();
  const [email, setEmail] = useState(user.email);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const refusal = useFormRefusal(form);
  const isAdmin = user.role === 'ADMIN';
  const enabled = canChangeEmail(user.email, email, user.role);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!enabled) return;
    const result = validate(ChangeEmailInput, { email });
    if (!result.ok) {
      setError(result.errors.email);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      const answer = await api('users.changeEmail', { params: { id: user._id }, body: result.data });
      notifySuccess(answer.msg || EMAIL_UPDATED);
      refusal.clear();
      setEmail(answer.user.email);
      onSaved(answer.user);
    } catch (err) {
      setError(refusal.refuse(err)?.fieldErrors.email);
      handleError(err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <SectionCard title="Email" icon={<LuMail />} testId="change-email-section">
      <chakra.form ref={form} display="flex" flexDirection="column" gap="3" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email address"
          name="email"
          type="email"
          value={email}
          onChange={(v) => {
            setEmail(v);
            setError(undefined);
          }}
          maxLength={USER_LIMITS.create.email}
          disabled={isAdmin}
          error={error}
          helper={isAdmin ? ADMIN_EMAIL_LOCKED : 'They verify the new address before their next sign-in.'}
          testId="change-email-input"
        />
        <HStack justify="space-between" gap="3" wrap="wrap">
          {user.is_verified_user ? (
            <HStack gap="1.5" color="fg.success" textStyle="sm">
              <LuCircleCheck /> Verified
            </HStack>
          ) : (
            <Button variant="plain" size="xs" p="0" h="auto" color="brand.fg" onClick={onResend} data-testid="user-resend">
              <LuMailWarning /> Not verified · <LuSend /> Send email
            </Button>
          )}
          <Button type="submit" size="sm" variant="outline" disabled={!enabled} loading={saving} data-testid="change-email-submit">
            Change email
          </Button>
        </HStack>
        <RefusalAlert refusal={refusal.refusal} onClose={refusal.clear} title="The email was not changed" testId="change-email-refusal" />
      </chakra.form>
    </SectionCard>
  );
}

/** The confirmation's checkbox; reports its value through `onChange` because the dialog lives in the app's confirm provider. */
function LogoutEverywhere({ onChange }: { onChange(value: boolean): void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Stack gap="4">
      <Text color="fg.muted">They will sign in with the new password from now on.</Text>
      <Checkbox.Root
        colorPalette="brand"
        checked={checked}
        onCheckedChange={(e) => {
          setChecked(e.checked === true);
          onChange(e.checked === true);
        }}
        data-testid="set-password-logout-all"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Logout from all devices</Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}

function PasswordCard({ user, locked }: { user: User; locked: boolean }) {
  const confirm = useConfirm();
  const handleError = useHandleApiError();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const logoutAll = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const refusal = useFormRefusal(form);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validate(SetUserPasswordInput, { password, logoutFromAllDevices: false });
    if (!result.ok) {
      setError(result.errors.password);
      return;
    }
    setError(undefined);
    logoutAll.current = false;
    const ok = await confirm({
      title: `Change ${fullName(user) || 'this user'}'s password?`,
      message: <LogoutEverywhere onChange={(v) => (logoutAll.current = v)} />,
    });
    if (!ok) return;
    setSaving(true);
    try {
      const answer = await api('users.setPassword', {
        params: { id: user._id },
        body: { password: result.data.password, logoutFromAllDevices: logoutAll.current },
      });
      notifySuccess(answer.msg || PASSWORD_CHANGED);
      refusal.clear();
      setPassword('');
    } catch (err) {
      setError(refusal.refuse(err)?.fieldErrors.password);
      handleError(err);
    } finally {
      setSaving(false);
    }
  }

  if (locked) {
    return (
      <SectionCard title="Password" icon={<LuKeyRound />} testId="set-password-section">
        <Text textStyle="sm" color="fg.muted" data-testid="set-password-locked">
          Only the store owner can change their password, from their profile.
        </Text>
      </SectionCard>
    );
  }

  return (
    <SectionCard title="Password" icon={<LuKeyRound />} testId="set-password-section">
      <chakra.form ref={form} display="flex" flexDirection="column" gap="3" onSubmit={onSubmit} noValidate>
        <TextField label="New password" name="password" value={password} onChange={setPassword} error={error} helper="At least 8 characters." testId="set-password-input">
          <PasswordInput
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
            testId="set-password-input"
          />
        </TextField>
        <HStack justify="flex-end">
          <Button type="submit" size="sm" variant="outline" loading={saving} data-testid="set-password-submit">
            Change password
          </Button>
        </HStack>
        <RefusalAlert refusal={refusal.refusal} onClose={refusal.clear} title="The password was not changed" testId="set-password-refusal" />
      </chakra.form>
    </SectionCard>
  );
}


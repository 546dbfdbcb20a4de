import { Stack } from '@chakra-ui/react';
import { ChangeOwnPasswordInput } from '@dakiya/shared';
import { useState } from 'react';
import { api } from '../../../lib/api';
import { useHandleApiError } from '../../../lib/api-errors';
import { serverFieldErrors, validate, type FieldErrors } from '../../../lib/validate';
import { FormDialog, FormDialogButtons } from '../../../components/ui/form-dialog';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';

export const PASSWORD_CHANGED = 'Password has been changed';

type Key = 'current_password' | 'new_password' | 'confirm_password';
const FIELDS: readonly { key: Key; label: string; testId: string; autoComplete: string; helper?: string }[] = [
  { key: 'current_password', label: 'Current password', testId: 'change-password-current', autoComplete: 'current-password' },
  { key: 'new_password', label: 'New password', testId: 'change-password-new', autoComplete: 'new-password', helper: 'At least 8 characters.' },
  { key: 'confirm_password', label: 'Confirm new password', testId: 'change-password-confirm', autoComplete: 'new-password' },
];

/** The signed-in USER's own password (spec 001 §5 Profile): all three required; closes on success. */
export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const handleError = useHandleApiError();
  const [values, setValues] = useState<Record<Key, string>>({ current_password: '', new_password: '', confirm_password: '' });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [saving, setSaving] = useState(false);

  async function onSubmit() {
    const result = validate<unknown, Key>(ChangeOwnPasswordInput, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await api('profile.changePassword', { body: values });
      notifySuccess(answer.msg || PASSWORD_CHANGED);
      onClose();
    } catch (err) {
      setErrors(serverFieldErrors(err) as FieldErrors<Key>);
      handleError(err);
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title="Change password"
      testId="change-password-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      busy={saving}
      footer={<FormDialogButtons onCancel={onClose} busy={saving} submitLabel="Change password" submitTestId="change-password-submit" />}
    >
      <Stack gap="4">
        {FIELDS.map((field) => (
          <TextField key={field.key} label={field.label} required value={values[field.key]} onChange={() => {}} error={errors[field.key]} helper={field.helper} testId={field.testId}>
            <PasswordInput
              autoComplete={field.autoComplete}
              value={values[field.key]}
              onChange={(e) => {
                const value = e.target.value;
                setValues((v) => ({ ...v, [field.key]: value }));
                setErrors((er) => ({ ...er, [field.key]: undefined }));
              }}
              testId={field.testId}
            />
          </TextField>
        ))}
      </Stack>
    </FormDialog>
  );
}

import { Stack, Text } from '@chakra-ui/react';
import { RECOVERY_CODE_MAX, TwoFactorProof } from '@dakiya/shared';
import { useState } from 'react';
import { useHandleApiError } from '../../../lib/api-errors';
import { serverFieldErrors, validate, type FieldErrors } from '../../../lib/validate';
import { FormDialog, FormDialogButtons } from '../../../components/ui/form-dialog';
import { PasswordInput } from '../../../components/ui/password-input';
import { TextField } from '../../../components/ui/text-field';

type Key = 'password' | 'code';

export interface TwoFactorProofDialogProps {
  title: string;
  /** What happens after the proof, told before it. */
  description: string;
  submitLabel: string;
  testId: string;
  /** Sends the proof; throws the API's error (shown at the fields and as a toast). */
  onProof(proof: TwoFactorProof): Promise<void>;
  onClose(): void;
}

/**
 * The proof that changes to two-factor need: the current password and a code from the authenticator
 * app (or a recovery code, for a lost phone).
 */
export function TwoFactorProofDialog({ title, description, submitLabel, testId, onProof, onClose }: TwoFactorProofDialogProps) {
  const handleError = useHandleApiError();
  const [values, setValues] = useState<Record<Key, string>>({ password: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [busy, setBusy] = useState(false);

  const set = (key: Key, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function onSubmit() {
    const result = validate<TwoFactorProof, Key>(TwoFactorProof, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setBusy(true);
    try {
      await onProof(result.data);
    } catch (error) {
      setErrors(serverFieldErrors(error) as FieldErrors<Key>);
      handleError(error);
      setBusy(false);
    }
  }

  return (
    <FormDialog
      title={title}
      testId={testId}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={busy}
      footer={<FormDialogButtons onCancel={onClose} busy={busy} submitLabel={submitLabel} submitTestId={`${testId}-submit`} />}
    >
      <Stack gap="4">
        <Text textStyle="sm" color="fg.muted">
          {description}
        </Text>
        <TextField label="Current password" required value={values.password} onChange={() => {}} error={errors.password} testId={`${testId}-password`}>
          <PasswordInput autoComplete="current-password" value={values.password} onChange={(e) => set('password', e.target.value)} testId={`${testId}-password`} />
        </TextField>
        <TextField
          label="Authentication code"
          required
          value={values.code}
          onChange={(value) => set('code', value.slice(0, RECOVERY_CODE_MAX))}
          error={errors.code}
          helper="The 6-digit code from your authenticator app, or one of your recovery codes."
          autoComplete="one-time-code"
          fontFamily="mono"
          testId={`${testId}-code`}
        />
      </Stack>
    </FormDialog>
  );
}

import { EditTagInput, USER_LIMITS } from '@dakiya/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api';
import { useHandleApiError } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { isRouteKey } from '../../../lib/swr';
import { serverFieldErrors, validate } from '../../../lib/validate';
import { FormDialog, FormDialogButtons } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';

/** Spec 001 §9: back to the profile 1 s after the tag is saved. */
export const EDIT_TAG_REDIRECT_MS = 1000;

export function EditTagDialog({ current, onClose }: { current: string; onClose(): void }) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const handleError = useHandleApiError();
  const [tag, setTag] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function onSubmit() {
    const result = validate(EditTagInput, { tag });
    if (!result.ok) {
      setError(result.errors.tag);
      return;
    }
    setSaving(true);
    try {
      const answer = await api('profile.editTag', { body: result.data });
      notifySuccess(answer.msg || 'Tag updated');
      // Keep the saving state until the profile is shown again with the new tag.
      timer.current = window.setTimeout(() => {
        void mutate(isRouteKey('profile.get'));
        onClose();
        navigate(paths.dashboard.profile(), { replace: true });
      }, EDIT_TAG_REDIRECT_MS);
    } catch (err) {
      setError(serverFieldErrors(err).tag);
      handleError(err);
      setSaving(false);
    }
  }

  return (
    <FormDialog
      title="Edit tag"
      testId="edit-tag-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      busy={saving}
      footer={<FormDialogButtons onCancel={onClose} busy={saving} submitLabel="Save" submitTestId="edit-tag-save" />}
    >
      <TextField
        label="Tag"
        required
        value={tag}
        onChange={(v) => {
          setTag(v);
          setError(undefined);
        }}
        maxLength={USER_LIMITS.edit.tag}
        error={error}
        helper="Shown on the orders you book. Up to 10 characters."
        testId="edit-tag-input"
        autoFocus
      />
    </FormDialog>
  );
}

import { useRef, useState } from 'react';
import { focusFirstInvalid, type FieldErrors, type Validation } from './validate';

/**
 * A form page's values, the message per field and its <form>. `set` changes one value and clears
 * that field's message; `accept` takes the validation of a submit.
 */
export function useFormFields<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});
  const form = useRef<HTMLFormElement>(null);

  const set = <K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  /** Invalid: show the messages and focus the first field with one. Valid: clear them. */
  const accept = <T>(result: Validation<T, keyof V & string>): result is { ok: true; data: T } => {
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(form.current);
      return false;
    }
    setErrors({});
    return true;
  };

  return { values, setValues, errors, setErrors, form, set, accept };
}

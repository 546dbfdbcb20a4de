import { useRef, useState } from 'react';
import { useFormRefusal, type FieldOf, type Refusal } from './form-refusal';
import { focusFirstInvalid, type FieldErrors, type Validation } from './validate';

/**
 * A form page's values, the message per field and its <form>. `set` changes one value and clears
 * that field's message; `accept` takes the validation of a submit; `refuse` a failed request (its
 * messages under the fields it names, the first of them focused, and `refusal` for the summary by the
 * button: RefusalAlert), `succeeded` the next request that worked.
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

  const refusals = useFormRefusal(form);
  /** Answers the refusal shown, or null when the app's own handler is the one to say it (a 401). */
  const refuse = (error: unknown, fieldOf?: FieldOf): Refusal | null => {
    const refusal = refusals.refuse(error, fieldOf);
    setErrors((refusal?.fieldErrors ?? {}) as FieldErrors<keyof V & string>);
    return refusal;
  };

  return { values, setValues, errors, setErrors, form, set, accept, refusal: refusals.refusal, refuse, succeeded: refusals.clear, closeRefusal: refusals.clear };
}

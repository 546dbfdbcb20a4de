import { useRef, useState } from 'react';
import type { FieldErrors } from './validate';

/**
 * A form page's values, the message per field and its <form> (for `focusFirstInvalid`). `set`
 * changes one value and clears that field's message.
 */
export function useFormFields<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});
  const form = useRef<HTMLFormElement>(null);

  const set = <K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  return { values, setValues, errors, setErrors, form, set };
}

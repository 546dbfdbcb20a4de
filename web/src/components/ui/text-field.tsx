import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  error?: string;
  helper?: ReactNode;
  /**
   * The field's name as the server names it in a refusal: the input's `name`, and `data-field` around it
   * (also around `children`), so a refusal naming it brings it into view (useFormRefusal).
   */
  name?: string;
  /** data-testid of the input; the error text gets `<testId>-error`, the helper `<testId>-helper`. */
  testId?: string;
  /** Show "(optional)" after the label. */
  optional?: boolean;
  /** Replaces the input (e.g. a PasswordInput); value/onChange are then the child's business. */
  children?: ReactNode;
}

/** Label, input, helper and error in one: the field every form uses. */
export function TextField({ label, value, onChange, error, helper, testId, optional, required, disabled, name, children, ...input }: TextFieldProps) {
  return (
    <Field.Root invalid={!!error} required={required} disabled={disabled} data-field={name}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
        {optional && (
          <Field.RequiredIndicator fallback={<span style={{ fontWeight: 400, opacity: 0.6 }}>(optional)</span>} />
        )}
      </Field.Label>
      {children ?? <Input name={name} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} {...input} />}
      {helper && !error && <Field.HelperText data-testid={testId ? `${testId}-helper` : undefined}>{helper}</Field.HelperText>}
      <Field.ErrorText data-testid={testId ? `${testId}-error` : undefined}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

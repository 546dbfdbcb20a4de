import { Input, type InputProps } from '@chakra-ui/react';
import { TWO_FACTOR_CODE_DIGITS } from '@dakiya/shared/codes';

export interface CodeInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value: string;
  /** Called with the typed text reduced to its digits, at most the code's length. */
  onChange(code: string): void;
  invalid?: boolean;
  testId?: string;
}

/** Words in the normal font and spacing: '123456' in the code's spaced monospace looked already filled in. */
export const CODE_PLACEHOLDER = `${TWO_FACTOR_CODE_DIGITS}-digit code`;

/** The 6-digit code from an authenticator app: digits only, marked when `invalid`. */
export function CodeInput({ value, onChange, invalid = false, testId, ...props }: CodeInputProps) {
  return (
    <Input
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, '').slice(0, TWO_FACTOR_CODE_DIGITS))}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={CODE_PLACEHOLDER}
      fontFamily="mono"
      _placeholder={{ fontFamily: 'body', letterSpacing: 'normal', color: 'fg.subtle', fontSize: 'md' }}
      aria-label="Authentication code"
      aria-invalid={invalid}
      borderColor={invalid ? 'border.error' : undefined}
      data-testid={testId}
      {...props}
    />
  );
}

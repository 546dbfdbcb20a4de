import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';

export interface PasswordInputProps extends Omit<InputProps, 'type'> {
  /** data-testid of the input; the toggle gets `<testId>-toggle`. */
  testId?: string;
}

/** A password field with a show/hide toggle. */
export function PasswordInput({ testId, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          aria-label={visible ? 'Hide password' : 'Show password'}
          variant="ghost"
          size="xs"
          me="-1.5"
          onClick={() => setVisible((v) => !v)}
          data-testid={testId ? `${testId}-toggle` : undefined}
        >
          {visible ? <LuEyeOff /> : <LuEye />}
        </IconButton>
      }
    >
      <Input type={visible ? 'text' : 'password'} data-testid={testId} {...props} />
    </InputGroup>
  );
}

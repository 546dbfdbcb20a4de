import { Alert, type AlertRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface LoadErrorAlertProps extends Omit<AlertRootProps, 'status' | 'title'> {
  message: ReactNode;
  testId?: string;
}

/** A page or list that could not load its data: a warning banner with the reason. */
export function LoadErrorAlert({ message, testId, ...props }: LoadErrorAlertProps) {
  return (
    <Alert.Root status="warning" borderRadius="lg" data-testid={testId} {...props}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

import { Alert } from '@chakra-ui/react';

/** The failed call of a form, right above its submit button (a courier's refusal, an outage). */
export function InlineError({ message, tone, title }: { message: string; tone: 'error' | 'warning'; title?: string }) {
  return (
    <Alert.Root status={tone} borderRadius="lg" data-testid="account-error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

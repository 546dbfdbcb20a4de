import { Alert } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

/** The failed call of a form, right above its submit button (a courier's refusal, an outage). */
export function InlineError({ message, tone, title }: { message: string; tone: 'error' | 'warning'; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // The submit button sits right under it: bring both into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [message]);
  return (
    <Alert.Root ref={ref} status={tone} borderRadius="lg" data-testid="account-error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

import { Alert } from '@chakra-ui/react';
import { waitLine, type SignInProblem } from '../login-form';

/**
 * Why a sign-in step did not go through, on every step (password, store picker, emailed code,
 * two-factor): one component, so a slow-down reads the same everywhere, its heading with the live
 * countdown to the next try under it.
 */
export function SignInAlert({ problem, secondsLeft, testId }: { problem: SignInProblem; secondsLeft: number; testId: string }) {
  const detail = problem.wait ? waitLine(secondsLeft) : problem.detail;
  return (
    <Alert.Root status="error" borderRadius="md" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{problem.message}</Alert.Title>
        {detail && <Alert.Description>{detail}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

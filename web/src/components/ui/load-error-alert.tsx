import { Alert, Button, type AlertRootProps } from '@chakra-ui/react';
import { LuArrowRight, LuRefreshCw } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { GENERIC_ERROR, isApiError } from '../../lib/api';

/** An answer asking again cannot change: the thing is not there (404) or the address is malformed (400 validation). */
export function isFinalLoadError(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED');
}

export interface LoadErrorAlertProps extends Omit<AlertRootProps, 'status' | 'title'> {
  /** What the read threw: an ApiError's message (and a server failure's request id) is shown. */
  error: unknown;
  /** Ask again (SWR's `mutate()`): a failed load is most often a moment's outage. */
  onRetry(): void;
  retrying?: boolean;
  testId?: string;
  /** Where to go instead when asking again cannot help (isFinalLoadError): shown in place of Try again. */
  instead?: { to: string; label: string };
}

/**
 * A page or list that could not load its data: a warning banner with the reason, the reference of a
 * server failure for support, and Try again. `<testId>-retry` and `<testId>-reference` for tests.
 */
export function LoadErrorAlert({ error, onRetry, retrying = false, testId, instead, ...props }: LoadErrorAlertProps) {
  const message = (isApiError(error) && error.message) || GENERIC_ERROR;
  const reference = isApiError(error) ? error.requestId : undefined;
  return (
    <Alert.Root status="warning" borderRadius="lg" alignItems="center" flexWrap="wrap" rowGap="3" data-testid={testId} {...props}>
      <Alert.Indicator />
      <Alert.Content minW="48">
        <Alert.Title data-testid={testId ? `${testId}-message` : undefined}>{message}</Alert.Title>
        {reference && <Alert.Description data-testid={testId ? `${testId}-reference` : undefined}>Reference: {reference}</Alert.Description>}
      </Alert.Content>
      {instead && isFinalLoadError(error) ? (
        <Button asChild size="sm" variant="outline" bg="bg" ms={{ base: '8', md: '0' }} data-testid={testId ? `${testId}-instead` : undefined}>
          <Link to={instead.to}>{instead.label} <LuArrowRight /></Link>
        </Button>
      ) : (
        <Button size="sm" variant="outline" bg="bg" ms={{ base: '8', md: '0' }} loading={retrying} onClick={onRetry} data-testid={testId ? `${testId}-retry` : undefined}>
          <LuRefreshCw /> Try again
        </Button>
      )}
    </Alert.Root>
  );
}

import { Alert, Button, CloseButton, type AlertRootProps } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LuArrowRight } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { refusalSummary, type Refusal } from '../../lib/form-refusal';

export interface RefusalAlertProps extends Omit<AlertRootProps, 'status' | 'title'> {
  refusal: Refusal | null;
  /** The person closed it. */
  onClose(): void;
  /** What did not happen ('The settings were not saved'), above the summary. */
  title?: string;
  /** `<testId>-message` is the summary, `<testId>-close` the close button. */
  testId?: string;
}

/**
 * The summary of a refused request, placed by the button that sent it (useFormRefusal): it stays until
 * closed, the page is left, or the form's next request succeeds. When the refusal names no field, this is
 * what the person must see, so it is brought into view; otherwise the first field is (and has the focus).
 */
export function RefusalAlert({ refusal, onClose, title, testId = 'form-refusal', ...props }: RefusalAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal && refusal.fields.length === 0) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [refusal]);
  if (!refusal) return null;
  return (
    <Alert.Root ref={ref} status={refusal.tone} borderRadius="lg" alignItems="center" flexWrap="wrap" rowGap="2" role="alert" data-testid={testId} data-fields={refusal.fields.join(' ')} {...props}>
      <Alert.Indicator />
      <Alert.Content minW="48">
        {title && <Alert.Title>{title}</Alert.Title>}
        <Alert.Description data-testid={`${testId}-message`}>{refusalSummary(refusal)}</Alert.Description>
      </Alert.Content>
      {refusal.link && (
        <Button asChild size="sm" variant="outline" bg="bg" data-testid={`${testId}-link`}>
          <Link to={refusal.link.to}>{refusal.link.label} <LuArrowRight /></Link>
        </Button>
      )}
      <CloseButton size="sm" aria-label="Close this message" onClick={onClose} data-testid={`${testId}-close`} />
    </Alert.Root>
  );
}

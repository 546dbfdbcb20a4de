import { Button } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';

export interface RefreshButtonProps {
  onRefresh(): void;
  /** A refetch is under way (not the first load): the button shows a spinner. */
  refreshing: boolean;
  testId?: string;
}

/** The page header's Refresh for a list. */
export function RefreshButton({ onRefresh, refreshing, testId }: RefreshButtonProps) {
  return (
    <Button variant="outline" size="sm" onClick={onRefresh} loading={refreshing} data-testid={testId}>
      <LuRefreshCw /> Refresh
    </Button>
  );
}

import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuSparkles } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

export interface ComingSoonProps {
  title: string;
  description?: string;
  backTo?: string;
  icon?: ReactNode;
  /** Optional call to action below the message. */
  action?: { label: string; to: string };
}

/** The page of a screen that is built in a later issue: its title and a tidy empty state. */
export function ComingSoon({ title, description, backTo, icon, action }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <EmptyState
        testId="coming-soon"
        icon={icon ?? <LuSparkles />}
        title="This screen arrives soon"
        description={description ?? `We are putting the finishing touches on ${title}. Everything else in Dakiya keeps working in the meantime.`}
      >
        {action && (
          <Button asChild variant="outline" size="sm">
            <Link to={action.to}>{action.label}</Link>
          </Button>
        )}
      </EmptyState>
    </>
  );
}

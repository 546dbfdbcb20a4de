import { Button } from '@chakra-ui/react';
import { LuKeyRound, LuMailCheck, LuPackageSearch, LuShieldCheck } from 'react-icons/lu';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state';
import { paths } from '../../lib/paths';
import { PublicFrame } from './public-frame';

export function TrackPlaceholder() {
  const { track_number: trackNumber = '' } = useParams();
  return (
    <PublicFrame>
      <EmptyState
        testId="coming-soon"
        icon={<LuPackageSearch />}
        title={`Tracking ${trackNumber}`}
        description="Live tracking for this parcel arrives soon. Your parcel is on its way; check back shortly."
      />
    </PublicFrame>
  );
}

export function EmailVerifyPlaceholder() {
  return (
    <PublicFrame>
      <EmptyState testId="coming-soon" icon={<LuMailCheck />} title="Email verification" description="This screen arrives soon.">
        <Button asChild variant="outline" size="sm">
          <Link to={paths.login()}>Go to sign in</Link>
        </Button>
      </EmptyState>
    </PublicFrame>
  );
}

export function CreatePasswordPlaceholder() {
  return (
    <PublicFrame>
      <EmptyState testId="coming-soon" icon={<LuKeyRound />} title="Create a new password" description="This screen arrives soon.">
        <Button asChild variant="outline" size="sm">
          <Link to={paths.login()}>Go to sign in</Link>
        </Button>
      </EmptyState>
    </PublicFrame>
  );
}

export function TwoFactorPlaceholder() {
  return (
    <PublicFrame>
      <EmptyState
        testId="coming-soon"
        icon={<LuShieldCheck />}
        title="Two-factor verification"
        description="Entering the code from your authenticator app arrives soon."
      >
        <Button asChild variant="outline" size="sm">
          <Link to={paths.login()}>Back to sign in</Link>
        </Button>
      </EmptyState>
    </PublicFrame>
  );
}

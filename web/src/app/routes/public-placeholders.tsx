import { LuPackageSearch } from 'react-icons/lu';
import { useParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state';
import { PublicFrame } from '../../components/ui/public-frame';

/** What the public tracking page says until it reads the parcel (the consignee issue builds it). */
export const TRACKING_NOT_YET = 'Tracking details are not available yet';

/**
 * /track/{number}: the page reads nothing yet, so it says only that, whatever the number: it must not tell
 * a consignee their parcel is on its way when the number may be unknown, cancelled or delivered.
 */
export function TrackPlaceholder() {
  const { track_number: trackNumber = '' } = useParams();
  return (
    <PublicFrame>
      <EmptyState
        testId="track-not-yet"
        icon={<LuPackageSearch />}
        title={TRACKING_NOT_YET}
        description={`Tracking number ${trackNumber}. Check again later, or ask the store that sent the parcel.`}
      />
    </PublicFrame>
  );
}

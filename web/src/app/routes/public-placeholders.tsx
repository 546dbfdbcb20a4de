import { LuPackageSearch } from 'react-icons/lu';
import { useParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state';
import { PublicFrame } from '../../components/ui/public-frame';

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

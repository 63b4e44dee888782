import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { useQuery } from '@tanstack/react-query';
import RadioIcon from 'lucide-react/icons/radio';
import { useState } from 'react';
import { useParams } from 'react-router';
import { radioQuery } from '../features/catalogue/catalogue-queries';
import { MediaHeader } from '../features/catalogue/media-header';
import { EmptyState, ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { startRadio } from '../features/radio/radio-session';
import { TrackTable } from '../features/tracks/track-table';

/** `/radio/{seedType}/{seedId}/{seeName}`: an endless queue built from the seed. */
export function RadioPage() {
  const { trans } = useTrans();
  const { seedType = '', seedId = '' } = useParams();
  const query = useQuery(radioQuery(seedType, seedId));
  const [isStarting, setIsStarting] = useState(false);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { seed, tracks } = query.data;
  const start = async () => {
    setIsStarting(true);
    try {
      await startRadio(seedType, seedId);
    } finally {
      setIsStarting(false);
    }
  };
  return (
    <div data-testid="radio-page">
      <MediaHeader
        image={tracks[0]?.image ?? null}
        label={trans('Radio')}
        title={trans(':name radio', { name: seed.name })}
        meta={<span>{trans('Endless music based on :name', { name: seed.name })}</span>}
        actions={
          <Button
            onPress={start}
            isPending={isStarting}
            isDisabled={tracks.length === 0}
            startIcon={<RadioIcon aria-hidden className="size-4" />}
            data-testid="start-radio"
          >
            {trans('Play radio')}
          </Button>
        }
      />
      <div className="px-4 pb-8">
        {tracks.length === 0 ? (
          <EmptyState title={trans('Nothing to play for this radio yet.')} />
        ) : (
          <TrackTable tracks={tracks.map((track) => toPlayerTrack(track))} aria-label={trans('Radio')} />
        )}
      </div>
    </div>
  );
}

import { InsightsView, type TInsightSubject } from '@cadence/admin-kit/insights-view';
import { useParams } from 'react-router';

const PARAM: Record<TInsightSubject, 'trackId' | 'albumId' | 'artistId'> = {
  tracks: 'trackId',
  albums: 'albumId',
  artists: 'artistId',
};

/** /backstage/{tracks,albums,artists}/{id}/insights: the api answers 404 unless the artist manages it. */
export function InsightsPage({ subject }: { subject: TInsightSubject }) {
  const params = useParams();
  const id = params[PARAM[subject]] ?? '';
  return (
    <InsightsView
      key={`${subject}-${id}`}
      subject={subject}
      id={id}
      trackHref={(track) => `/tracks/${track.id}/insights`}
    />
  );
}

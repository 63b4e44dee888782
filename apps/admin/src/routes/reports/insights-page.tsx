import { InsightsView, type TInsightSubject } from '@cadence/admin-kit/insights-view';
import { useParams } from 'react-router';

/** /admin/{tracks,albums,artists}/{id}/insights: the same insights an artist sees, for any item. */
export function AdminInsightsPage({ subject }: { subject: TInsightSubject }) {
  const { id = '' } = useParams();
  return (
    <InsightsView
      key={`${subject}-${id}`}
      subject={subject}
      id={id}
      trackHref={(track) => `/tracks/${track.id}/insights`}
    />
  );
}

import { useParams } from 'react-router';
import { ChannelView } from '../features/channels/channel-view';

/** `/channel/{slugOrId}[/{restriction}]` and `/{slugOrId}[/{restriction}]`. */
export function ChannelPage() {
  const { slugOrId = '', restriction } = useParams();
  return <ChannelView slugOrId={slugOrId} restriction={restriction} />;
}

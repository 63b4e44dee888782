import { ChannelView } from '../features/channels/channel-view';

/** /discover: where the player lands when the connection returns (spec 2.3). */
export function DiscoverPage() {
  return (
    <div data-testid="discover-page">
      <ChannelView slugOrId="discover" />
    </div>
  );
}

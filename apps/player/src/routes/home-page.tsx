import { ChannelView } from '../features/channels/channel-view';
import { useHomePage } from '../features/home/use-home-page';

/** `/` inside the player frame: the home channel (homepage.value); discover when none is set. */
export function HomePage() {
  const home = useHomePage();
  return (
    <div data-testid="home-page">
      <ChannelView slugOrId={home.kind === 'channel' ? home.slugOrId : 'discover'} isHome />
    </div>
  );
}

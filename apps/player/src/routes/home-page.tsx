import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { homeChannelSlug } from '../features/channels/channel-prefetch';
import { ChannelView } from '../features/channels/channel-view';

/** `/`: the channel chosen in settings (homepage.value); discover when none is set. */
export function HomePage() {
  const settings = useSettings();
  return (
    <div data-testid="home-page">
      <ChannelView slugOrId={homeChannelSlug(settings)} isHome />
    </div>
  );
}

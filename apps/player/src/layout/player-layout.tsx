import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { lazy, Suspense, useMemo } from 'react';
import { Outlet } from 'react-router';
import { AdSlot } from '../features/ads/ad-slot';
import { usePageViewBeacon } from '../features/analytics/use-page-view-beacon';
import { AudioHost } from '../features/playback/audio-host';
import { readPlayerSettings } from '../features/playback/player-settings';
import { MobilePlayer } from '../features/player-ui/mobile-player';
import { PlayerBar } from '../features/player-ui/player-bar';
import { PlayerShortcuts } from '../features/player-ui/player-shortcuts';
import { usePlayerUi } from '../features/player-ui/player-ui-store';
import { useScrobbleReporter } from '../features/scrobbling/use-scrobble-reporter';
import { PageScrollRestoration } from '../features/tracks/page-scroll-restoration';
import { MobileBottomNav } from './mobile-bottom-nav';
import { Sidebar } from './sidebar';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { useIsMobile } from './use-is-mobile';

// Drag and drop and the fullscreen view load on first open, keeping the first page light.
const QueuePanel = lazy(() =>
  import('../features/player-ui/queue-panel').then((m) => ({ default: m.QueuePanel })),
);
const NowPlayingView = lazy(() =>
  import('../features/player-ui/now-playing-view').then((m) => ({ default: m.NowPlayingView })),
);

/** Player-ux layout: sidebar on desktop, mobile-bottom menu at 768 px and below. */
export function PlayerLayout() {
  const settings = useSettings();
  const playerSettings = useMemo(() => readPlayerSettings(settings), [settings]);
  const { isQueueOpen, isNowPlayingOpen } = usePlayerUi();
  const isMobile = useIsMobile();
  usePageViewBeacon();
  useScrobbleReporter();
  return (
    <div className="flex h-dvh flex-col bg-bg font-sans text-fg">
      <div className="flex min-h-0 flex-1">
        <Sidebar />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar />
          <div className="flex-1 overflow-y-auto" id="scroll-container">
            {/* A full screen of content at least: the footer starts below the fold, so a page's
                data arriving never pushes a visible footer down (layout shift). */}
            <main id="main-content" className="min-h-full">
              <AdSlot slot="general_top" className="px-6 pt-4" />
              <Outlet />
              <AdSlot slot="general_bottom" className="px-6 pb-4" />
            </main>
            <SiteFooter />
          </div>
        </div>
        {isQueueOpen && !playerSettings.hideQueue && (
          <Suspense fallback={null}>
            <QueuePanel />
          </Suspense>
        )}
      </div>
      {isMobile ? (
        <>
          <MobilePlayer />
          <MobileBottomNav />
        </>
      ) : (
        <PlayerBar settings={playerSettings} />
      )}
      {isNowPlayingOpen && (
        <Suspense fallback={null}>
          <NowPlayingView settings={playerSettings} />
        </Suspense>
      )}
      <AudioHost />
      <PlayerShortcuts />
      <PageScrollRestoration containerId="scroll-container" />
    </div>
  );
}

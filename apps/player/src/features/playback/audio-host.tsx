import { toast } from '@cadence/app-shell/toast-store';
import { trans } from '@cadence/app-shell/trans';
import { useEffect, useRef } from 'react';
import { attachAudioDriver } from './audio-driver';
import { getPlayer, reportPlay } from './player-instance';

/**
 * The Media Session (lock screen, hardware keys) has nothing to show before a track is loaded:
 * its module loads then, out of the first download, and once the track is heard (or nothing
 * plays): a click's stream does not share the connection and the server with it.
 */
export function attachMediaSessionOnFirstTrack(
  store: ReturnType<typeof getPlayer>,
  load: () => Promise<typeof import('./media-session')> = () => import('./media-session'),
): () => void {
  let detach: (() => void) | null = null;
  let isDetached = false;
  let isStarted = false;
  const start = () => {
    if (isStarted) return;
    isStarted = true;
    offStore();
    void load().then(({ attachMediaSession }) => {
      if (!isDetached) detach = attachMediaSession(store);
    });
  };
  const isDue = () => {
    const state = store.getSnapshot();
    return store.currentItem() !== null && (!state.isPlaying || state.position > 0);
  };
  const offStore = store.subscribe(() => {
    if (isDue()) start();
  });
  if (isDue()) start();
  return () => {
    isDetached = true;
    offStore();
    detach?.();
  };
}

/** The app's `<audio>` elements (one plays, the others hold the next track, the one about to be clicked, and sources of other origins), driven by the player store. */
export function AudioHost({ source = 'player' }: { source?: 'player' | 'embed' }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const nextRef = useRef<HTMLAudioElement>(null);
  const warmRef = useRef<HTMLAudioElement>(null);
  const plainRef = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const spares = [nextRef.current, warmRef.current].filter((element) => element !== null);
    const store = getPlayer();
    const detachDriver = attachAudioDriver(
      store,
      [audio, ...spares],
      {
        reportPlay: (trackId, listenedMs) => {
          const item = store.currentItem();
          const queued = item?.track.id === trackId ? item.source : undefined;
          reportPlay(trackId, listenedMs, source === 'embed' ? 'embed' : (queued ?? source));
        },
        onTrackError: (name) =>
          toast.danger(trans('Could not play ":name", skipping to the next track.', { name })),
      },
      plainRef.current,
    );
    const detachSession = attachMediaSessionOnFirstTrack(store);
    return () => {
      detachDriver();
      detachSession();
    };
  }, [source]);
  return (
    <>
      {/* The driver moves data-testid="player-audio" to whichever element is playing. */}
      {/* biome-ignore lint/a11y/useMediaCaption: music has no captions; lyrics are shown instead */}
      <audio ref={audioRef} preload="auto" className="hidden" />
      {/* biome-ignore lint/a11y/useMediaCaption: music has no captions; lyrics are shown instead */}
      <audio ref={nextRef} preload="auto" className="hidden" />
      {/* biome-ignore lint/a11y/useMediaCaption: music has no captions; lyrics are shown instead */}
      <audio ref={warmRef} preload="auto" className="hidden" />
      {/* Sources of another origin play here, outside the Web Audio graph (which would hear silence). */}
      {/* biome-ignore lint/a11y/useMediaCaption: music has no captions; lyrics are shown instead */}
      <audio ref={plainRef} preload="auto" className="hidden" />
    </>
  );
}

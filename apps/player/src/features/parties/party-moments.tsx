import { useTrans } from '@cadence/app-shell/use-trans';
import type { TParty } from '@cadence/contracts/party';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { allItems } from '../catalogue/infinite-list';
import { commentsQuery, timedComments, useAreCommentsEnabled } from '../comments/comment-queries';
import { formatTime } from '../player-ui/format-time';
import { Artwork } from '../player-ui/track-artwork';
import { TrackWaveform } from '../tracks/track-waveform';
import { momentsAt } from './moments';
import { partySession } from './party-session';

const TICK_MS = 500;

/** The party's place, read again every half second while the page shows it. */
function usePartyPlace(party: TParty) {
  const [place, setPlace] = useState(() => partySession.placeNow(party));
  useEffect(() => {
    setPlace(partySession.placeNow(party));
    if (!party.timeline.is_playing) return;
    const timer = setInterval(() => setPlace(partySession.placeNow(party)), TICK_MS);
    return () => clearInterval(timer);
  }, [party]);
  return place;
}

/**
 * The current track's moments: its waveform with the track's own comments (read only: the host
 * moves the party), and, at their second while it plays, the party's time-stamped lines and those
 * comments.
 */
export function PartyMoments({ party }: { party: TParty }) {
  const { trans } = useTrans();
  const place = usePartyPlace(party);
  const track = party.queue[place.index]?.track ?? null;
  const areCommentsEnabled = useAreCommentsEnabled();
  const pages = useInfiniteQuery({
    ...commentsQuery('track', track?.id ?? 0),
    enabled: areCommentsEnabled && track !== null,
  });
  const comments =
    areCommentsEnabled && track ? timedComments(allItems(pages.data), track.duration ?? 0) : [];
  const moments = momentsAt({
    lines: party.messages,
    comments,
    index: place.index,
    positionMs: place.position_ms,
  });
  return (
    <section
      aria-labelledby="party-moments-title"
      className="flex flex-col gap-3"
      data-testid="party-moments"
    >
      <h2 id="party-moments-title" className="text-lg font-semibold">
        {trans('At this moment')}
      </h2>
      {track && <TrackWaveform track={track} comments={comments} isReadOnly />}
      <ul aria-live="polite" className="flex min-h-10 flex-col gap-2" data-testid="party-moment-list">
        {moments.map((moment) => (
          <li key={moment.key} className="flex items-start gap-2 text-sm" data-testid="party-moment">
            <Artwork src={moment.image} className="size-7" rounded="rounded-full" />
            <p className="min-w-0 flex-1 break-words">
              <span className="font-medium">{moment.name}</span>{' '}
              <span className="text-xs text-muted">
                {moment.kind === 'chat'
                  ? trans('in the chat at :time', { time: formatTime(moment.position_ms / 1000) })
                  : trans('commented at :time', { time: formatTime(moment.position_ms / 1000) })}
              </span>
              <span className="block whitespace-pre-line">{moment.content}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

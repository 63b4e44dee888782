import { openDialog } from '@cadence/app-shell/modal-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPartySource } from '@cadence/contracts/party';
import { PlainButton } from '@cadence/ui/plain-button';
import { PlainIconButton } from '@cadence/ui/plain-icon-button';
import PlayIcon from 'lucide-react/icons/play';
import Share2Icon from 'lucide-react/icons/share-2';
import ShuffleIcon from 'lucide-react/icons/shuffle';
import { LikeButton } from '../library/like-button';
import type { TLikeableType, TRepostableType } from '../library/likes';
import { RepostButton } from '../library/repost-button';
import { StartPartyButton } from '../parties/start-party-button';
import { getPlayer } from '../playback/player-instance';
import type { TPlayerTrack } from '../playback/player-track';
import { ReportButton } from '../reports/report-button';
import type { TReportTarget } from '../reports/report-dialog';

/** Play, Shuffle, Like, Share for an album, playlist, artist or track page. */
export function CollectionActions({
  tracks,
  like,
  repost,
  share,
  hideShuffle,
  report,
  party,
}: {
  tracks: TPlayerTrack[];
  /** A single track has nothing to shuffle. */
  hideShuffle?: boolean;
  like?: { type: TLikeableType; id: number };
  repost?: { type: TRepostableType; id: number };
  share?: { title: string; path: string; embedPath?: string };
  /** A "Report" button for signed-in listeners. */
  report?: TReportTarget;
  /** "Start a party" from this album or playlist (issue 38). */
  party?: TPartySource;
}) {
  const { trans } = useTrans();
  const play = (isShuffled: boolean) => {
    const player = getPlayer();
    player.setShuffle(isShuffled);
    player.playTracks(tracks, 0);
  };
  return (
    <>
      <PlainButton
        onPress={() => play(false)}
        isDisabled={tracks.length === 0}
        startIcon={<PlayIcon aria-hidden className="size-4" fill="currentColor" />}
        data-testid="play-all"
      >
        {trans('Play')}
      </PlainButton>
      {!hideShuffle && (
        <PlainButton
          variant="outline"
          onPress={() => play(true)}
          isDisabled={tracks.length === 0}
          startIcon={<ShuffleIcon aria-hidden className="size-4" />}
        >
          {trans('Shuffle')}
        </PlainButton>
      )}
      {like && <LikeButton type={like.type} id={like.id} size="md" />}
      {repost && <RepostButton type={repost.type} id={repost.id} />}
      {share && (
        <PlainIconButton
          aria-label={trans('Share')}
          onPress={() =>
            // The share dialog (react-aria) loads on first use.
            void import('../tracks/share-dialog').then(({ ShareDialog }) =>
              openDialog((close) => <ShareDialog {...share} onClose={() => close()} />),
            )
          }
        >
          <Share2Icon aria-hidden />
        </PlainIconButton>
      )}
      {party && <StartPartyButton source={() => party} isDisabled={tracks.length === 0} />}
      {report && <ReportButton target={report} />}
    </>
  );
}

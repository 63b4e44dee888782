import { useTrans } from '@cadence/app-shell/use-trans';
import type { TTrack } from '@cadence/contracts/track';

const decibels = (gain: number) => `${gain > 0 ? '+' : ''}${gain.toFixed(2)} dB`;
/** A linear true peak as dBTP (1.0 = 0 dBTP), how mastering tools show it. */
const truePeak = (peak: number) => `${peak > 0 ? (20 * Math.log10(peak)).toFixed(2) : '-∞'} dBTP`;

/**
 * The track's measured loudness (issue 36): ReplayGain 2.0 gains against -18 LUFS and true peaks,
 * measured at upload or import (or read from the file's tags). Read-only: the player applies them.
 */
export function LoudnessSummary({ replayGain }: { replayGain: TTrack['replay_gain'] | undefined }) {
  const { trans } = useTrans();
  return (
    <section aria-labelledby="track-loudness" className="flex flex-col gap-1 text-sm">
      <h3 id="track-loudness" className="font-semibold">
        {trans('Loudness')}
      </h3>
      {replayGain ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="track-loudness">
          <dt className="text-muted">{trans('Track gain')}</dt>
          <dd>{decibels(replayGain.track_gain)}</dd>
          <dt className="text-muted">{trans('Track peak')}</dt>
          <dd>{truePeak(replayGain.track_peak)}</dd>
          {replayGain.album_gain !== null && (
            <>
              <dt className="text-muted">{trans('Album gain')}</dt>
              <dd>{decibels(replayGain.album_gain)}</dd>
            </>
          )}
          {replayGain.album_peak !== null && (
            <>
              <dt className="text-muted">{trans('Album peak')}</dt>
              <dd>{truePeak(replayGain.album_peak)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="text-muted">
          {trans('Not measured yet: the loudness is measured once the audio is processed.')}
        </p>
      )}
    </section>
  );
}

import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TParty } from '@cadence/contracts/party';
import { partyPlaceAt } from '@cadence/contracts/party-timeline';
import { Button } from '@cadence/ui/button';
import { IconButton } from '@cadence/ui/icon-button';
import ArrowDownIcon from 'lucide-react/icons/arrow-down';
import ArrowUpIcon from 'lucide-react/icons/arrow-up';
import { Artwork } from '../player-ui/track-artwork';
import { partyApi, type TControl } from './party-api';
import { PartyChat } from './party-chat';
import { PartyMoments } from './party-moments';
import { partySession } from './party-session';

const SEEK_STEP_MS = 10_000;

function useControl() {
  const { trans } = useTrans();
  return (control: TControl) =>
    void partySession
      .control(control)
      .catch((failure: { message?: string }) =>
        toast.danger(failure.message ?? trans('Something went wrong.')),
      );
}

function HostControls({ party }: { party: TParty }) {
  const { trans } = useTrans();
  const control = useControl();
  // Only whether it plays and the track's index are read at render: the seeks read the party's
  // second when pressed (this renders only when the party changes, seconds or minutes earlier).
  const place = partyPlaceAt(
    party.timeline,
    party.queue.map((entry) => entry.duration),
    Date.now() + (partySession.clockOffset() ?? 0),
  );
  const isPlaying = party.timeline.is_playing && !place.is_ended;
  return (
    <fieldset className="flex flex-wrap gap-2" data-testid="party-host-controls">
      <legend className="sr-only">{trans('Host controls')}</legend>
      <Button
        onPress={() => control({ action: isPlaying ? 'pause' : 'play' })}
        data-testid="party-play-toggle"
      >
        {isPlaying ? trans('Pause') : trans('Play')}
      </Button>
      <Button
        variant="outline"
        onPress={() =>
          control({
            action: 'seek',
            position_ms: Math.max(0, partySession.placeNow(party).position_ms - SEEK_STEP_MS),
          })
        }
        data-testid="party-back"
      >
        {trans('Back 10 seconds')}
      </Button>
      <Button
        variant="outline"
        onPress={() =>
          control({ action: 'seek', position_ms: partySession.placeNow(party).position_ms + SEEK_STEP_MS })
        }
        data-testid="party-forward"
      >
        {trans('Forward 10 seconds')}
      </Button>
      <Button
        variant="outline"
        isDisabled={place.index >= party.queue.length - 1}
        onPress={() => control({ action: 'skip' })}
        data-testid="party-skip"
      >
        {trans('Next track')}
      </Button>
    </fieldset>
  );
}

function Members({ party }: { party: TParty }) {
  const { trans } = useTrans();
  const control = useControl();
  return (
    <section aria-labelledby="party-members-title" className="flex flex-col gap-2">
      <h2 id="party-members-title" className="text-lg font-semibold">
        {trans('Listening now')}
      </h2>
      <ul className="flex flex-col gap-2" data-testid="party-members">
        {party.members.map((member) => (
          <li key={member.id} className="flex items-center gap-2">
            <Artwork src={member.image} alt="" className="size-8" rounded="rounded-full" />
            <span className="min-w-0 flex-1 truncate text-sm">
              {member.name}
              {member.is_host && <span className="ml-2 text-xs text-muted">{trans('Host')}</span>}
            </span>
            {party.is_host && !member.is_host && (
              <>
                <Button
                  size="xs"
                  variant="text"
                  onPress={() => control({ action: 'hand_over', user_id: member.id })}
                >
                  {trans('Make host')}
                </Button>
                <Button
                  size="xs"
                  variant="text"
                  onPress={() =>
                    void partyApi
                      .remove(party.code, member.id)
                      .catch((failure: { message?: string }) => toast.danger(failure.message ?? ''))
                  }
                >
                  {trans('Remove')}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Queue({ party, currentIndex }: { party: TParty; currentIndex: number }) {
  const { trans } = useTrans();
  const control = useControl();
  const last = party.queue.length - 1;
  return (
    <section aria-labelledby="party-queue-title" className="flex flex-col gap-2">
      <h2 id="party-queue-title" className="text-lg font-semibold">
        {trans('Up next')}
      </h2>
      <ol className="flex flex-col gap-1" data-testid="party-queue">
        {party.queue.map((entry) => (
          <li
            key={entry.position}
            aria-current={entry.position === currentIndex ? 'true' : undefined}
            className="flex items-center gap-2 rounded-md px-2 py-1 text-sm aria-[current]:bg-hover"
          >
            <span className="w-6 text-right text-muted">{entry.position + 1}</span>
            <span className="min-w-0 flex-1 truncate">
              {entry.track ? (
                entry.track.name
              ) : (
                <em className="text-muted">{trans('A track you cannot play')}</em>
              )}
            </span>
            {party.is_host && (
              <>
                <IconButton
                  size="xs"
                  aria-label={trans('Move up')}
                  isDisabled={entry.position === 0}
                  onPress={() => control({ action: 'reorder', from: entry.position, to: entry.position - 1 })}
                >
                  <ArrowUpIcon aria-hidden />
                </IconButton>
                <IconButton
                  size="xs"
                  aria-label={trans('Move down')}
                  isDisabled={entry.position === last}
                  onPress={() => control({ action: 'reorder', from: entry.position, to: entry.position + 1 })}
                >
                  <ArrowDownIcon aria-hidden />
                </IconButton>
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The party page's body: who hosts, what plays, the host's controls, members, queue and chat. */
export function PartyRoom({ party }: { party: TParty }) {
  const { trans } = useTrans();
  const place = partyPlaceAt(
    party.timeline,
    party.queue.map((entry) => entry.duration),
    Date.now() + (partySession.clockOffset() ?? 0),
  );
  const current = party.queue[place.index];
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
      <div className="flex min-w-0 flex-col gap-6">
        <p className="text-sm" data-testid="party-now-playing">
          {current?.track
            ? trans('Now playing: :name', { name: current.track.name })
            : trans('Now playing: a track you cannot play. You will hear the next one.')}
          {!party.timeline.is_playing && <span className="ml-2 text-muted">({trans('Paused')})</span>}
        </p>
        {party.is_host && <HostControls party={party} />}
        <PartyMoments party={party} />
        <Queue party={party} currentIndex={place.index} />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <Members party={party} />
        <PartyChat party={party} />
      </div>
    </div>
  );
}

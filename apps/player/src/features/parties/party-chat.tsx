import { toast } from '@cadence/app-shell/toast-store';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import { PARTY_MESSAGE_MAX_LENGTH, type TParty } from '@cadence/contracts/party';
import { Button } from '@cadence/ui/button';
import { IconButton } from '@cadence/ui/icon-button';
import { TextField } from '@cadence/ui/text-field';
import FlagIcon from 'lucide-react/icons/flag';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { type FormEvent, useState } from 'react';
import { formatTime } from '../player-ui/format-time';
import { Artwork } from '../player-ui/track-artwork';
import { partyApi } from './party-api';
import { PartyReactions } from './party-reactions';
import { partySession } from './party-session';

/** The party's chat: a live log, and a line pinned to this second of the track when asked. */
export function PartyChat({ party }: { party: TParty }) {
  const { trans } = useTrans();
  const { user } = useAuth();
  const [content, setContent] = useState('');
  const [isPinned, setPinned] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() === '') return;
    setSending(true);
    try {
      // The party's second by the server's clock (the same for every member, whatever they hear).
      const position = isPinned ? Math.round(partySession.placeNow(party).position_ms) : null;
      await partyApi.send(party.code, content, position);
      setContent('');
      setError(null);
    } catch (failure) {
      const { message, errors } = failure as { message?: string; errors?: Record<string, string | string[]> };
      const field = errors?.content;
      setError((Array.isArray(field) ? field[0] : field) ?? message ?? trans('Could not send the message.'));
    } finally {
      setSending(false);
    }
  };

  const act = (run: () => Promise<unknown>, done: string) =>
    void run().then(
      () => toast.positive(done),
      (failure: { message?: string }) => toast.danger(failure.message ?? trans('Something went wrong.')),
    );

  return (
    <section aria-labelledby="party-chat-title" className="flex min-h-0 flex-col gap-3">
      <h2 id="party-chat-title" className="text-lg font-semibold">
        {trans('Chat')}
      </h2>
      <div
        role="log"
        aria-live="polite"
        aria-labelledby="party-chat-title"
        className="max-h-80 overflow-y-auto"
        data-testid="party-chat-log"
      >
        <ol className="flex flex-col gap-2">
          {party.messages.length === 0 && <li className="text-sm text-muted">{trans('No messages yet.')}</li>}
          {party.messages.map((message) => {
            const isMine = !!user && message.user?.id === user.id;
            return (
              <li key={message.id} className="flex items-start gap-2" data-testid="party-message">
                <Artwork src={message.user?.image} className="size-7" rounded="rounded-full" />
                <div className="min-w-0 flex-1 text-sm">
                  <span className="font-medium">{message.user?.name ?? trans('Deleted user')}</span>
                  {message.position_ms !== null && (
                    <span className="ml-2 text-xs text-muted">
                      {trans('at :time', { time: formatTime(message.position_ms / 1000) })}
                    </span>
                  )}
                  <p className="break-words whitespace-pre-line">{message.content}</p>
                  <PartyReactions
                    code={party.code}
                    message={message}
                    userId={user?.id ?? null}
                    canReact={party.is_member && !!user}
                  />
                </div>
                {(isMine || party.is_host) && (
                  <IconButton
                    size="xs"
                    aria-label={trans('Delete message')}
                    onPress={() =>
                      act(() => partyApi.deleteMessage(party.code, message.id), trans('Message deleted.'))
                    }
                  >
                    <Trash2Icon aria-hidden />
                  </IconButton>
                )}
                {!isMine && user && (
                  <IconButton
                    size="xs"
                    aria-label={trans('Report message')}
                    onPress={() =>
                      act(
                        () => partyApi.report(party.code, message.id),
                        trans('Thanks, the moderators will look at it.'),
                      )
                    }
                  >
                    <FlagIcon aria-hidden />
                  </IconButton>
                )}
              </li>
            );
          })}
        </ol>
      </div>
      {party.is_member && (
        <form
          onSubmit={(event) => void onSubmit(event)}
          className="flex flex-col gap-2"
          data-testid="party-chat-form"
        >
          <TextField
            label={trans('Message')}
            value={content}
            onChange={setContent}
            maxLength={PARTY_MESSAGE_MAX_LENGTH}
            errorMessage={error ?? undefined}
          />
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={isPinned}
                onChange={(event) => setPinned(event.target.checked)}
              />
              {trans('At this moment of the track')}
            </label>
            <Button
              type="submit"
              isPending={isSending}
              isDisabled={content.trim() === ''}
              className="ml-auto"
            >
              {trans('Send')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import { PARTY_REACTIONS, type TPartyMessage, type TPartyReactionEmoji } from '@cadence/contracts/party';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { partyApi } from './party-api';
import { partySession } from './party-session';

/** What a screen reader says for each emoji (the glyph alone reads differently everywhere). */
export const REACTION_NAMES: Record<TPartyReactionEmoji, string> = {
  '👍': 'Thumbs up',
  '❤️': 'Heart',
  '😂': 'Laughing',
  '🔥': 'Fire',
  '😮': 'Surprised',
  '👏': 'Applause',
};

const chip =
  'inline-flex min-h-7 items-center gap-1 rounded-full border border-divider px-2 text-xs outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-primary';

/**
 * A line's reactions: one toggle per emoji in use (its count, and who reacted as its name), and
 * for members a disclosure with the fixed set to add one.
 */
export function PartyReactions({
  code,
  message,
  userId,
  canReact,
}: {
  code: string;
  message: TPartyMessage;
  userId: number | null;
  canReact: boolean;
}) {
  const { trans } = useTrans();
  const [isPicking, setPicking] = useState(false);
  const pickerId = useId();
  const toggle = (emoji: TPartyReactionEmoji) => {
    setPicking(false);
    void partyApi
      .react(code, message.id, emoji)
      .then((line) => partySession.updateMessage(line))
      .catch((failure: { message?: string }) =>
        toast.danger(failure.message ?? trans('Something went wrong.')),
      );
  };
  if (message.reactions.length === 0 && !canReact) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1" data-testid="party-reactions">
      {message.reactions.map((reaction) => {
        const isMine = reaction.users.some((user) => user.id === userId);
        const label = trans(':reaction, :count: :names', {
          reaction: trans(REACTION_NAMES[reaction.emoji]),
          count: String(reaction.count),
          names: reaction.users.map((user) => user.name).join(', '),
        });
        const face = (
          <>
            <span aria-hidden>{reaction.emoji}</span>
            <span aria-hidden>{reaction.count}</span>
          </>
        );
        // A guest reads the counts; only members toggle them.
        if (!canReact)
          return (
            <span key={reaction.emoji} role="img" className={chip} aria-label={label} title={label}>
              {face}
            </span>
          );
        return (
          <button
            key={reaction.emoji}
            type="button"
            className={clsx(chip, isMine && 'border-primary bg-primary/10')}
            aria-pressed={isMine}
            aria-label={label}
            title={label}
            onClick={() => toggle(reaction.emoji)}
            data-testid="party-reaction"
          >
            {face}
          </button>
        );
      })}
      {canReact && (
        <>
          <button
            type="button"
            className={chip}
            aria-expanded={isPicking}
            aria-controls={pickerId}
            onClick={() => setPicking((open) => !open)}
            data-testid="party-react"
          >
            {trans('React')}
          </button>
          <fieldset id={pickerId} hidden={!isPicking} className="flex flex-wrap gap-1">
            <legend className="sr-only">{trans('Reactions')}</legend>
            {PARTY_REACTIONS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                className={chip}
                aria-label={trans(REACTION_NAMES[emoji])}
                onClick={() => toggle(emoji)}
              >
                <span aria-hidden>{emoji}</span>
              </button>
            ))}
          </fieldset>
        </>
      )}
    </div>
  );
}

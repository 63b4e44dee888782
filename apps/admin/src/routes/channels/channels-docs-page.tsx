import { useTrans } from '@cadence/app-shell/use-trans';
import { Link } from 'react-router';

const SECTIONS: [string, string][] = [
  [
    'Content model',
    'What the channel lists: tracks, albums, artists, playlists, genres, users, or other channels (a channel of channels shows each child as a section with its own layout).',
  ],
  [
    'Content type',
    'Manual: you pick the items and their order. Auto-update: a list the site keeps current (popular tracks, new releases, popular albums, artists, playlists, top genres, top users), capped at 100 items. List all: every item of the model in the order you choose.',
  ],
  ['Layout', 'Grid of cards, a one-row carousel, a track table (tracks only) or a compact list.'],
  [
    'Restrict by',
    'Genre or tag: /channel/slug/rock shows the channel filtered to that genre. Child channels of a channel of channels follow the same filter.',
  ],
  [
    'Pagination',
    'How the channel page loads more than its first page: on scroll, with a "Load more" button, or not at all.',
  ],
  ['Hide the title', 'The page shows no heading (used by the home channel).'],
  ['SEO title and description', 'What search engines and link previews show for /channel/slug.'],
  [
    'Home page and sidebar',
    'On a channel\'s editor, "As the home page" makes it what / shows and "In the player sidebar" adds a link to it. The presets set both.',
  ],
  [
    'Presets',
    'Music streaming: Discover (new releases, popular songs, popular albums, genres). Music sharing: Stream (trending tracks, new uploads, popular playlists, top artists). Applying one creates or reshapes those channels by their addresses.',
  ],
  [
    'Safety',
    'A channel cannot contain itself, directly or through the channels it lists. Items deleted after they were added simply drop out.',
  ],
];

/** The channels documentation linked from the channel pages (spec 2.12). */
export function ChannelsDocsPage() {
  const { trans } = useTrans();
  return (
    <article className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{trans('Channels documentation')}</h1>
      <p>
        {trans('Channels make the home page and the browse pages of the player. Each option of the editor:')}
      </p>
      <dl className="flex flex-col gap-3">
        {SECTIONS.map(([term, text]) => (
          <div key={term}>
            <dt className="font-medium">{trans(term)}</dt>
            <dd className="text-muted">{trans(text)}</dd>
          </div>
        ))}
      </dl>
      <Link className="text-primary hover:underline" to="/channels">
        {trans('Back to channels')}
      </Link>
    </article>
  );
}

import { LONG_NAME, storyAlbum, storyArtist } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MediaCard, MediaGrid } from './media-card';
import { albumUrl, artistUrl } from './urls';

type TArgs = {
  kind: 'album' | 'artist';
  count: number;
  longNames?: boolean;
  isCarousel?: boolean;
  onPlay: () => void;
};

/** Album and artist cards as the search, artist and discover pages map the contract's data to them. */
function Cards({ kind, count, longNames, isCarousel, onPlay }: TArgs) {
  const name = (id: number, fallback: string) => (longNames && id % 2 === 1 ? LONG_NAME : fallback);
  return (
    <MediaGrid isCarousel={isCarousel}>
      {Array.from({ length: count }, (_, i) => i + 1).map((id) => {
        if (kind === 'artist') {
          const artist = storyArtist(id, { name: name(id, `Artist ${id}`) });
          return (
            <MediaCard
              key={id}
              title={artist.name}
              subtitle="Artist"
              image={artist.image_small}
              to={artistUrl(artist)}
              isRound
              onPlay={onPlay}
            />
          );
        }
        const album = storyAlbum(id, { name: name(id, `Album ${id}`) });
        return (
          <MediaCard
            key={id}
            title={album.name}
            subtitle={album.artists.map((artist) => artist.name).join(', ')}
            image={album.image}
            to={albumUrl(album, album.artists[0]?.name)}
            onPlay={onPlay}
          />
        );
      })}
    </MediaGrid>
  );
}

/** A grid card: artwork (a placeholder when there is none), a play button on hover or focus, a link. */
const meta = {
  title: 'MediaCard',
  component: Cards,
  decorators: [withRouter],
  args: { kind: 'album', count: 6, onPlay: fn() },
} satisfies Meta<typeof Cards>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AlbumCards: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('link', { name: 'Album 1' }).getAttribute('href')).toBe(
      '/album/1/the-midnight-hours/album-1',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Play Album 1' }));
    expect(args.onPlay).toHaveBeenCalled();
  },
};

export const ArtistCards: Story = { args: { kind: 'artist' } };

/** Long names truncate on one line; the link keeps the full name. */
export const LongNames: Story = { args: { longNames: true } };

/** The home page's rows scroll sideways. */
export const Carousel: Story = { args: { count: 12, isCarousel: true } };

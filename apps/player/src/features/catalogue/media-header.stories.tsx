import { LONG_NAME, storyAlbum, storyArtist, storyTracks } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZLibraryStateResponseSchema } from '@cadence/contracts/library-state';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { getPlayer } from '../playback/player-instance';
import { ArtistLinks } from '../player-ui/artist-links';
import { player } from '../player-ui/story-player';
import { CollectionActions } from './collection-actions';
import { MediaHeader } from './media-header';
import { toPlayerTrack } from './to-player-track';
import { totalDuration } from './total-duration';
import { albumEmbedUrl, albumUrl, artistUrl } from './urls';

/** The signed-in listener's library: the album is liked, not reposted (`GET users/me/*-ids`). */
const libraryState = http.get('*/api/v1/users/me/:kind', ({ params }) =>
  HttpResponse.json(fixture(ZLibraryStateResponseSchema, { ids: params.kind === 'liked-ids' ? [1] : [] })),
);

type TArgs = { kind: 'album' | 'artist'; longTitle?: boolean };

/** The album and artist pages' header, from their contract data as the pages map it. */
function Header({ kind, longTitle }: TArgs) {
  const tracks = storyTracks(9).map((track) => toPlayerTrack(track));
  if (kind === 'artist') {
    const artist = storyArtist(1, { name: longTitle ? LONG_NAME : 'The Midnight Hours', verified: true });
    return (
      <MediaHeader
        image={artist.image_large}
        label="Artist"
        title={artist.name}
        isRound
        meta={<span>5,400 plays</span>}
        actions={
          <CollectionActions tracks={tracks} share={{ title: artist.name, path: artistUrl(artist) }} />
        }
      />
    );
  }
  const album = storyAlbum(1, { name: longTitle ? LONG_NAME : 'Night Drive' });
  const artistName = album.artists[0]?.name;
  return (
    <MediaHeader
      image={album.image}
      label="Album"
      title={album.name}
      meta={
        <>
          <ArtistLinks artists={album.artists} className="font-medium text-fg" />
          <span>· {album.release_date?.slice(0, 4)}</span>
          <span>· {tracks.length} tracks</span>
          <span>· {totalDuration(tracks)}</span>
        </>
      }
      actions={
        <CollectionActions
          tracks={tracks}
          like={{ type: 'album', id: album.id }}
          repost={{ type: 'album', id: album.id }}
          share={{
            title: album.name,
            path: albumUrl(album, artistName),
            embedPath: albumEmbedUrl(album, artistName),
          }}
          report={{ type: 'album', id: album.id, name: album.name }}
        />
      }
    />
  );
}

/** Player-ux page header: large artwork, type label, title, meta line, and the page's actions. */
const meta = {
  title: 'MediaHeader',
  component: Header,
  decorators: [withRouter],
  args: { kind: 'album' },
  parameters: { msw: [libraryState] },
  beforeEach: player(),
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Album: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByTestId('page-title').textContent).toBe('Night Drive');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Play' })[0] as HTMLElement);
    expect(getPlayer().currentItem()?.track.id).toBe(1);
  },
};

export const Artist: Story = { args: { kind: 'artist' } };

/** A very long title wraps instead of overflowing. */
export const LongTitle: Story = { args: { longTitle: true } };

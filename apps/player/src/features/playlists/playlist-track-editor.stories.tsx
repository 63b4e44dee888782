import { LONG_NAME, storyPlaylist, storyTrack, storyTracks } from '@cadence/app-shell/test/story-fixtures';
import { ZPlaylistReorderSchema, ZPlaylistTracksSchema } from '@cadence/contracts/playlist';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { toPlayerTrack } from '../catalogue/to-player-track';
import { PlaylistTrackEditor } from './playlist-track-editor';

/** The requests the editor sent in this story, by what they did. */
const sent: { removed: number[][]; reordered: number[][] } = { removed: [], reordered: [] };

/**
 * `PUT playlists/{id}/tracks/order` and `DELETE playlists/{id}/tracks` (http-client sends both as
 * POST with X-HTTP-Method-Override); each body must parse with its contract.
 */
const api = [
  http.post('*/api/v1/playlists/:id/tracks/order', async ({ request }) => {
    sent.reordered.push(ZPlaylistReorderSchema.parse(await request.json()).track_ids);
    return HttpResponse.json({ message: 'Saved' });
  }),
  http.post('*/api/v1/playlists/:id/tracks', async ({ request }) => {
    sent.removed.push(ZPlaylistTracksSchema.parse(await request.json()).track_ids);
    return HttpResponse.json({ message: 'Removed' });
  }),
];

const tracks = storyTracks(5).map((track) => toPlayerTrack(track));

/** The owner's (or a collaborator's) track list in edit mode: drag to reorder, remove a track. */
const meta = {
  title: 'PlaylistTrackEditor',
  component: PlaylistTrackEditor,
  args: { playlist: storyPlaylist(7, { name: 'Night drives' }), tracks },
  parameters: { msw: api },
  beforeEach: () => {
    sent.removed.length = 0;
    sent.reordered.length = 0;
  },
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof PlaylistTrackEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid', { name: 'Reorder Night drives' });
    expect(within(grid).getAllByRole('row')).toHaveLength(tracks.length);
  },
};

/** Removing a track sends its id to the api. */
export const RemoveTrack: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Remove Song 2 from the playlist' }),
    );
    await waitFor(() => expect(sent.removed).toEqual([[2]]));
  },
};

export const LongNames: Story = {
  args: { tracks: [toPlayerTrack(storyTrack(1, { name: LONG_NAME })), ...tracks.slice(1)] },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };

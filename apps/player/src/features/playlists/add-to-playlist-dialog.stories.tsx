import { LONG_NAME, storyPlaylist } from '@cadence/app-shell/test/story-fixtures';
import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ToastHost } from '@cadence/app-shell/toast-host';
import { paginationSchema } from '@cadence/contracts/pagination';
import { type TPlaylist, ZPlaylistSchema, ZPlaylistTracksSchema } from '@cadence/contracts/playlist';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AddToPlaylistDialog } from './add-to-playlist-dialog';

const ZPlaylistsPageSchema = paginationSchema(ZPlaylistSchema);

/** `GET api/v1/users/me/playlists` (the user's playlists), contract-parsed per request. */
const myPlaylists = (build: () => TPlaylist[]) =>
  http.get('*/api/v1/users/me/playlists', () => {
    const data = build();
    return HttpResponse.json(
      fixture(ZPlaylistsPageSchema, {
        pagination: { data, current_page: 1, per_page: 100, total: data.length, last_page: 1 },
      }),
    );
  });

/** `POST api/v1/playlists/{id}/tracks`: the body must parse with the contract. */
const added = http.post('*/api/v1/playlists/:id/tracks', async ({ request }) => {
  ZPlaylistTracksSchema.parse(await request.json());
  return HttpResponse.json({ message: 'Added' });
});

/** Add tracks to one of the listener's playlists (track menus, selection actions), or to a new one. */
const meta = {
  title: 'AddToPlaylistDialog',
  component: AddToPlaylistDialog,
  args: { trackIds: [12, 13], onClose: fn() },
  decorators: [
    (Story) => (
      <>
        <Story />
        <ToastHost />
      </>
    ),
  ],
  parameters: {
    msw: [
      myPlaylists(() => [
        storyPlaylist(1, { name: 'Night drives' }),
        storyPlaylist(2, { name: LONG_NAME }),
        storyPlaylist(3, { name: 'Focus' }),
      ]),
      added,
    ],
  },
} satisfies Meta<typeof AddToPlaylistDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('dialog', { name: 'Add to playlist' });

/** Picking a playlist adds the tracks, says so and closes. */
export const Added: Story = {
  play: async ({ args }) => {
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'Night drives' }));
    expect(await within(document.body).findByText('Added to "Night drives"')).toBeTruthy();
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/users/me/playlists', () => delay('infinite'))] },
  play: async () => {
    expect(await within(dialog()).findByText('Loading')).toBeTruthy();
  },
};

/** No playlists yet: only "New playlist". */
export const NoPlaylists: Story = { parameters: { msw: [myPlaylists(() => []), added] } };

export const LoadError: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/users/me/playlists', () => HttpResponse.json({ message: 'Error' }, { status: 500 })),
    ],
  },
  play: async () => {
    expect(await within(dialog()).findByText('There was an issue. Please try again later.')).toBeTruthy();
  },
};

import { LONG_NAME, storyPlaylist, storyTrack } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { PlaylistPage } from './playlist-page';

const tracks = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    ...storyTrack(i + 1),
    position: i + 1,
    added_at: '2026-10-01T12:00:00.000Z',
  }));

/** `GET api/v1/playlists/{id}?with=owner,tracks,editors` (contract-parsed). */
const playlist = (overrides: Record<string, unknown> = {}) =>
  http.get('*/api/v1/playlists/:id', () =>
    HttpResponse.json({
      playlist: storyPlaylist(7, {
        name: 'Night drives',
        description: 'Songs for the empty road.',
        owner: { id: 7, name: 'Ada Lovelace', image: null },
        editors: [],
        tracks: tracks(6),
        ...overrides,
      }),
    }),
  );

/** `/playlist/{id}/{slug}`: the header with the owner's menu, and the tracks. */
const meta = {
  title: 'Pages/PlaylistPage',
  component: PlaylistPage,
  decorators: [withRouter],
  parameters: {
    route: '/playlist/7/night-drives',
    routePath: '/playlist/:playlistId/:playlistSlug',
    msw: [playlist()],
  },
} satisfies Meta<typeof PlaylistPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The signed-in owner's playlist: the owner menu and track editing. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { level: 1, name: 'Night drives' })).toBeTruthy();
    expect(canvas.getByRole('button', { name: 'Playlist options' })).toBeTruthy();
  },
};

/** Someone else's playlist: no owner menu. */
export const SomeoneElses: Story = {
  parameters: { msw: [playlist({ owner_id: 12, owner: { id: 12, name: 'Grace Hopper', image: null } })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Night drives' });
    expect(canvas.queryByRole('button', { name: 'Playlist options' })).toBeNull();
  },
};

export const Empty: Story = {
  parameters: { msw: [playlist({ tracks: [], name: LONG_NAME, description: null })] },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/playlists/:id', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/playlists/:id', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    ],
  },
};

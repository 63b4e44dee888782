import { storyPlaylist, storyProfile } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { UserPage } from './user-page';

const page = <T,>(data: T[]) => ({
  pagination: { data, current_page: 1, per_page: 24, total: data.length, last_page: 1 },
});

const api = (playlists = 3) => [
  http.get('*/api/v1/users/:id/profile', () => HttpResponse.json(storyProfile())),
  http.get('*/api/v1/users/:id/playlists', () =>
    HttpResponse.json(page(Array.from({ length: playlists }, (_, i) => storyPlaylist(i + 1)))),
  ),
];

/** `/user/{id}/{slug}[/{tab}]`: the profile header and its tabs (playlists, reposts, followers, following). */
const meta = {
  title: 'Pages/UserPage',
  component: UserPage,
  decorators: [withRouter],
  parameters: { route: '/user/12/grace-hopper', routePath: '/user/:userId/:userSlug/:tabName?', msw: api() },
} satisfies Meta<typeof UserPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    expect(await canvas.findByText('Playlist 1')).toBeTruthy();
  },
};

export const NoPlaylists: Story = { parameters: { msw: api(0) } };

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/users/:id/profile', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/users/:id/profile', () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
    ],
  },
};

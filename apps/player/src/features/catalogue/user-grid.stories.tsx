import { LONG_NAME } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZFollowUserSchema } from '@cadence/contracts/library';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FollowersGrid } from './user-grid';

const PER_PAGE = 24;

/** `GET api/v1/{artists,users}/{id}/followers?page=`: `total` followers, 24 a page (contract-parsed). */
const followers = (total: number) =>
  http.get('*/api/v1/:type/:id/followers', ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
    const start = (page - 1) * PER_PAGE;
    const data = Array.from({ length: Math.max(0, Math.min(PER_PAGE, total - start)) }, (_, i) => ({
      id: start + i + 1,
      name: start + i === 1 ? LONG_NAME : `Listener ${start + i + 1}`,
      image: null,
      followed_at: '2026-10-01T12:00:00.000Z',
    }));
    return HttpResponse.json(
      fixture(paginationSchema(ZFollowUserSchema), {
        pagination: {
          data,
          current_page: page,
          per_page: PER_PAGE,
          total,
          last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
        },
      }),
    );
  });

/** An artist's or a user's followers as round cards (artist and user pages), more loading on scroll. */
const meta = {
  title: 'Catalogue/FollowersGrid',
  component: FollowersGrid,
  decorators: [withRouter],
  args: { type: 'artist', id: 101 },
  parameters: { msw: [followers(6)] },
} satisfies Meta<typeof FollowersGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Listener 1')).toBeTruthy();
  },
};

/** More than a page: "Load more" (also for keyboards) brings the next one. */
export const ManyFollowers: Story = {
  parameters: { msw: [followers(40)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Listener 1');
    const more = canvas.queryByRole('button', { name: 'Load more' });
    if (more) await userEvent.click(more);
    await waitFor(() => expect(canvas.getByText('Listener 40')).toBeTruthy());
  },
};

export const NoFollowers: Story = {
  parameters: { msw: [followers(0)] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('No followers yet.')).toBeTruthy();
  },
};

/** Still loading: nothing (the page around it shows its own loading state). */
export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/:type/:id/followers', () => delay('infinite'))] },
};

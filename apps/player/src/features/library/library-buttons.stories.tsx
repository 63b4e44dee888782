import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZToggleResponseSchema } from '@cadence/contracts/library';
import { ZLibraryStateResponseSchema } from '@cadence/contracts/library-state';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FollowButton } from './follow-button';
import { LikeButton } from './like-button';
import { RepostButton } from './repost-button';

/** What the signed-in listener has: `GET users/me/{liked,followed,reposted}-ids`, and the toggles. */
const library = (liked: number[]) => [
  http.get('*/api/v1/users/me/:kind', ({ params }) =>
    HttpResponse.json(
      fixture(ZLibraryStateResponseSchema, { ids: params.kind === 'liked-ids' ? liked : [] }),
    ),
  ),
  http.post('*/api/v1/users/me/:kind', () =>
    HttpResponse.json(fixture(ZToggleResponseSchema, { state: true, count: 13 })),
  ),
  http.delete('*/api/v1/users/me/:kind', () =>
    HttpResponse.json(fixture(ZToggleResponseSchema, { state: false, count: 12 })),
  ),
];

function Buttons() {
  return (
    <div className="flex items-center gap-3">
      <LikeButton type="track" id={1} size="md" />
      <RepostButton type="track" id={1} />
      <FollowButton type="artist" id={101} name="The Midnight Hours" />
    </div>
  );
}

/** Like, repost and follow: optimistic toggles (the toast can undo); `aria-pressed` tells the state. */
const meta = {
  title: 'LibraryButtons',
  component: Buttons,
  decorators: [withRouter],
  parameters: { msw: library([]) },
} satisfies Meta<typeof Buttons>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Following an artist turns the button at once. */
export const NotInLibrary: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Follow The Midnight Hours' }));
    await waitFor(() =>
      expect(canvas.getByTestId('follow-button').getAttribute('aria-pressed')).toBe('true'),
    );
  },
};

export const Liked: Story = {
  parameters: { msw: library([1]) },
  play: async ({ canvasElement }) => {
    expect(
      await within(canvasElement).findByRole('button', { name: 'Remove from your library' }),
    ).toBeTruthy();
  },
};

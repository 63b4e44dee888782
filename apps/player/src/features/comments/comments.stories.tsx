import { storyComment, storyCommentPage, storyDeletedComment } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { player } from '../player-ui/story-player';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';

/** `GET api/v1/comments`: contract-parsed pages, the first of two (so "Load more" shows). */
const comments = (list: () => Parameters<typeof storyCommentPage>[2], lastPage = 2) =>
  http.get('*/api/v1/comments', ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
    return HttpResponse.json(storyCommentPage(page, lastPage, page === 1 ? list() : []));
  });

const thread = () => [
  storyComment(1, 12_000, 'That intro!', 'Ada Lovelace'),
  storyComment(2, 95_500, 'The drop at 1:35 gets me every time'),
  { ...storyComment(3, 0, 'A comment without a moment, long enough to wrap: '.repeat(4)), position_ms: null },
  storyDeletedComment(4),
];

function CommentsSection({ onSeek }: { onSeek: (positionMs: number) => void }) {
  return (
    <section aria-label="Comments" className="flex max-w-2xl flex-col gap-6">
      <CommentForm type="track" id={1} />
      <CommentList type="track" id={1} onSeek={onSeek} />
    </section>
  );
}

/** The track and album pages' comments: the form (at the playing moment) and the list. */
const meta = {
  title: 'Comments',
  component: CommentsSection,
  decorators: [withRouter],
  args: { onSeek: fn() },
  parameters: { msw: [comments(thread)] },
  beforeEach: player(),
} satisfies Meta<typeof CommentsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Thread: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('That intro!')).toBeTruthy();
    expect(canvas.getByText('This comment was deleted.')).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Play at 0:12' }));
    expect(args.onSeek).toHaveBeenCalledWith(12_000);
  },
};

export const Empty: Story = {
  parameters: { msw: [comments(() => [], 1)] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('No comments yet.')).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/comments', () => delay('infinite'))] },
};

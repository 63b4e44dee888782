import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminCommentRowSchema } from '@cadence/contracts/admin-content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { range, storyCommentRow } from '../../test/admin-music-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { CommentsPage } from './comments-page';

const states = listPageStates({
  route: '/comments',
  endpoint: 'admin/comments',
  rows: listHandler('admin/comments', ZAdminCommentRowSchema, () => range(30).map(storyCommentRow)),
  empty: listHandler('admin/comments', ZAdminCommentRowSchema, () => []),
  emptyText: 'No comments yet',
  rowText: 'Listener 2',
});

/** /admin/comments (`GET api/v1/admin/comments`): every comment, deleted ones too (restorable). */
const meta = {
  title: 'Music/CommentsPage',
  component: CommentsPage,
  decorators: [withRouter],
} satisfies Meta<typeof CommentsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

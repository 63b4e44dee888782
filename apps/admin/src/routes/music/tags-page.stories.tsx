import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZTagSchema } from '@cadence/contracts/tag';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { range, storyTag } from '../../test/admin-music-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { TagsPage } from './tags-page';

const tags = listHandler('tags', ZTagSchema, () => range(30).map(storyTag));
const states = listPageStates({
  route: '/tags',
  endpoint: 'tags',
  rows: tags,
  empty: listHandler('tags', ZTagSchema, () => []),
  emptyText: 'No tags yet',
  rowText: 'workout',
});

/** /admin/tags (`GET api/v1/tags`): tags with their type; new, edit (a dialog), delete. */
const meta = {
  title: 'Music/TagsPage',
  component: TagsPage,
  decorators: [withRouter],
} satisfies Meta<typeof TagsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** "New tag" opens its form in a dialog, focus inside; an empty name says it is required. */
export const NewTagInvalid: Story = {
  parameters: { route: '/tags', msw: [tags] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'New tag' }));
    const dialog = await within(document.body).findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name is required.')).toBeTruthy();
  },
};

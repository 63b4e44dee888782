import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZGenreSchema } from '@cadence/contracts/genre';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { range, storyGenre } from '../../test/admin-music-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { GenresPage } from './genres-page';

const genres = listHandler('genres', ZGenreSchema, () => range(30).map(storyGenre));
const states = listPageStates({
  route: '/genres',
  endpoint: 'genres',
  rows: genres,
  empty: listHandler('genres', ZGenreSchema, () => []),
  emptyText: 'No genres yet',
  rowText: 'jazz',
});

/** /admin/genres (`GET api/v1/genres`): genres by popularity; new, edit, merge into another, delete. */
const meta = {
  title: 'Music/GenresPage',
  component: GenresPage,
  decorators: [withRouter],
} satisfies Meta<typeof GenresPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** "New genre" opens its form in a dialog, focus inside; an empty name says it is required. */
export const NewGenreInvalid: Story = {
  parameters: { route: '/genres', msw: [genres] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'New genre' }));
    const dialog = await within(document.body).findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name is required.')).toBeTruthy();
  },
};

/** "Merge" offers every other genre; merging into itself is impossible, choosing none says so. */
export const MergeDialog: Story = {
  parameters: { route: '/genres', msw: [genres] },
  play: async ({ canvasElement }) => {
    const [merge] = await within(canvasElement).findAllByRole('button', { name: 'Merge' });
    await userEvent.click(merge!);
    const dialog = await within(document.body).findByRole('dialog', { name: 'Merge genre' });
    expect(within(dialog).getByRole('combobox', { name: /Merge into/ })).toBeTruthy();
  },
};

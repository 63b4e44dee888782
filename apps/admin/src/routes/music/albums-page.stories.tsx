import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminAlbumRowSchema } from '@cadence/contracts/admin-catalogue';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { genresHandler, range, storyAlbumRow } from '../../test/admin-music-fixtures';
import { keysetHandler, keysetPageStates } from '../../test/admin-story-fixtures';
import { AlbumsPage } from './albums-page';

const rows = keysetHandler('admin/albums', ZAdminAlbumRowSchema, () => range(60).map(storyAlbumRow));
const states = keysetPageStates({
  route: '/albums',
  endpoint: 'admin/albums',
  rows,
  empty: keysetHandler('admin/albums', ZAdminAlbumRowSchema, () => []),
  rowText: 'Album 2',
  extra: [genresHandler()],
});

/** /admin/albums (`GET api/v1/admin/albums`, keyset-paged): search, genre and release year filters, bulk delete. */
const meta = {
  title: 'Music/AlbumsPage',
  component: AlbumsPage,
  decorators: [withRouter],
} satisfies Meta<typeof AlbumsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** Next walks by cursor; Previous goes back. */
export const NextPage: Story = {
  parameters: { route: '/albums', msw: [rows, genresHandler()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Album 2');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(canvas.getByText('Album 26')).toBeTruthy());
  },
};

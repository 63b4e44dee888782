import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminArtistRowSchema } from '@cadence/contracts/admin-catalogue';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { genresHandler, range, storyArtistRow } from '../../test/admin-music-fixtures';
import { keysetHandler, keysetPageStates } from '../../test/admin-story-fixtures';
import { ArtistsPage } from './artists-page';

const rows = keysetHandler('admin/artists', ZAdminArtistRowSchema, () => range(60).map(storyArtistRow));
const states = keysetPageStates({
  route: '/artists',
  endpoint: 'admin/artists',
  rows,
  empty: keysetHandler('admin/artists', ZAdminArtistRowSchema, () => []),
  rowText: 'The Midnight Hours 2',
  extra: [genresHandler()],
});

/** /admin/artists (`GET api/v1/admin/artists`, keyset-paged): the accounts managing each artist, genre and status filters, bulk delete. */
const meta = {
  title: 'Music/ArtistsPage',
  component: ArtistsPage,
  decorators: [withRouter],
} satisfies Meta<typeof ArtistsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** Next walks by cursor; Previous goes back. */
export const NextPage: Story = {
  parameters: { route: '/artists', msw: [rows, genresHandler()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('The Midnight Hours 2');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(canvas.getByText('The Midnight Hours 26')).toBeTruthy());
  },
};

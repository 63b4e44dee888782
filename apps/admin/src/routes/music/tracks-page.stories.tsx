import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminTrackRowSchema } from '@cadence/contracts/admin-catalogue';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { genresHandler, range, storyTrackRow } from '../../test/admin-music-fixtures';
import { keysetHandler, keysetPageStates } from '../../test/admin-story-fixtures';
import { TracksPage } from './tracks-page';

const rows = keysetHandler('admin/tracks', ZAdminTrackRowSchema, () => range(60).map(storyTrackRow));
const states = keysetPageStates({
  route: '/tracks',
  endpoint: 'admin/tracks',
  rows,
  empty: keysetHandler('admin/tracks', ZAdminTrackRowSchema, () => []),
  rowText: 'Night Drive 2',
  extra: [genresHandler()],
});

/** /admin/tracks (`GET api/v1/admin/tracks`, keyset-paged): search, genre and status filters, bulk delete. */
const meta = {
  title: 'Music/TracksPage',
  component: TracksPage,
  decorators: [withRouter],
} satisfies Meta<typeof TracksPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** Next walks by cursor; Previous goes back. */
export const NextPage: Story = {
  parameters: { route: '/tracks', msw: [rows, genresHandler()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Night Drive 2');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(canvas.getByText('Night Drive 26')).toBeTruthy());
  },
};

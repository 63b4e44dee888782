import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminLocalizationSchema } from '@cadence/contracts/localizations';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyLocalization } from '../../test/admin-content-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { LocalizationsPage } from './localizations-page';

const states = listPageStates({
  route: '/localizations',
  endpoint: 'localizations',
  rows: listHandler('localizations', ZAdminLocalizationSchema, () =>
    [1, 2, 3, 4].map((id) => storyLocalization(id)),
  ),
  empty: listHandler('localizations', ZAdminLocalizationSchema, () => []),
  emptyText: 'No languages yet',
  rowText: 'Français',
});

/** /admin/localizations: the languages (`GET api/v1/localizations`), how much of each is translated. */
const meta = {
  title: 'Localizations/LocalizationsPage',
  component: LocalizationsPage,
  decorators: [withRouter],
} satisfies Meta<typeof LocalizationsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

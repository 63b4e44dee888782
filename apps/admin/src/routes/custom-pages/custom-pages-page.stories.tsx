import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZCustomPageSchema } from '@cadence/contracts/custom-page';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyCustomPage } from '../../test/admin-content-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { CustomPagesPage } from './custom-pages-page';

const states = listPageStates({
  route: '/custom-pages',
  endpoint: 'custom-pages',
  rows: listHandler('custom-pages', ZCustomPageSchema, () => [1, 2, 3, 4].map((id) => storyCustomPage(id))),
  empty: listHandler('custom-pages', ZCustomPageSchema, () => []),
  emptyText: 'No pages yet',
  rowText: 'Privacy policy',
});

/** /admin/custom-pages: the site's own pages (`GET api/v1/custom-pages`). */
const meta = {
  title: 'CustomPages/CustomPagesPage',
  component: CustomPagesPage,
  decorators: [withRouter],
} satisfies Meta<typeof CustomPagesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZChannelSchema } from '@cadence/contracts/channel';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyChannel } from '../../test/admin-channel-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { ChannelsPage } from './channels-page';

const states = listPageStates({
  route: '/channels',
  endpoint: 'channels',
  rows: listHandler('channels', ZChannelSchema, () => [1, 2, 3, 4].map((id) => storyChannel(id))),
  empty: listHandler('channels', ZChannelSchema, () => []),
  emptyText: 'No channels yet',
  rowText: 'Popular albums',
});

/** /admin/channels (`GET api/v1/channels`): every channel; new, edit, delete, the presets, the docs. */
const meta = {
  title: 'Channels/ChannelsPage',
  component: ChannelsPage,
  decorators: [withRouter],
} satisfies Meta<typeof ChannelsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

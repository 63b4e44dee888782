import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ChannelsDocsPage } from './channels-docs-page';

/** /admin/channels/docs: what each option of the channel editor does. */
const meta = {
  title: 'Channels/ChannelsDocsPage',
  component: ChannelsDocsPage,
  decorators: [withRouter],
} satisfies Meta<typeof ChannelsDocsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('heading', { name: 'Channels documentation' })).toBeTruthy();
    expect(canvas.getByRole('link', { name: 'Back to channels' })).toBeTruthy();
  },
};

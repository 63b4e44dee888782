import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RequestsPage } from './requests-page';

/** Spec 2.10 `/backstage/requests`: become an artist, verify or claim a profile. */
const meta = {
  title: 'RequestsPage',
  component: RequestsPage,
  decorators: [withRouter],
} satisfies Meta<typeof RequestsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RequestTypes: Story = {
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getAllByRole('link')).toHaveLength(3);
  },
};

import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { previewHandler } from '../../test/admin-channel-fixtures';
import { ChannelPreview } from './channel-preview';

const PAYLOAD = {
  name: 'Staff picks',
  config: { content_type: 'manual', content_model: 'album', layout: 'grid' },
  content: [
    { model_type: 'album', model_id: 7 },
    { model_type: 'album', model_id: 8 },
  ],
};

/**
 * The channel editor's live preview: the unsaved channel rendered by the api
 * (`POST api/v1/channels/preview`) and drawn by the player's ChannelContent, inert.
 */
const meta = {
  title: 'Channels/ChannelPreview',
  component: ChannelPreview,
  decorators: [withRouter],
  args: { payload: PAYLOAD },
  parameters: { msw: [previewHandler()] },
} satisfies Meta<typeof ChannelPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByText('Daybreak').length).toBeGreaterThan(0));
    expect(canvas.getByRole('heading', { name: 'Staff picks' })).toBeTruthy();
  },
};

/** A form that does not parse yet (no name): nothing is asked of the api. */
export const Incomplete: Story = {
  args: { payload: { ...PAYLOAD, name: '' } },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Fill in the form to see a preview.')).toBeTruthy();
  },
};

export const PreviewError: Story = {
  parameters: {
    msw: [
      http.post('*/api/v1/channels/preview', () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('The preview could not be loaded.')).toBeTruthy();
  },
};

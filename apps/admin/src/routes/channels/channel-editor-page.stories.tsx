import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZChannelPayloadSchema, ZChannelSavedResponseSchema } from '@cadence/contracts/channel';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  previewHandler,
  searchHandler,
  storyChannel,
  storyChannelEdit,
} from '../../test/admin-channel-fixtures';
import { expectToast, failingHandler, pendingHandler, withRoutes } from '../../test/admin-story-fixtures';
import { ChannelEditorPage } from './channel-editor-page';

const loaded = http.get('*/api/v1/channels/staff-picks', () => HttpResponse.json(storyChannelEdit()));
/** `PUT api/v1/channels/4` (POST with the method override): the body must parse with the contract. */
const saved = http.post('*/api/v1/channels/4', async ({ request }) => {
  const body = ZChannelPayloadSchema.parse(await request.json());
  return HttpResponse.json(
    fixture(ZChannelSavedResponseSchema, { channel: storyChannel(4, { name: body.name }), dropped: [] }),
  );
});

/**
 * /admin/channels/new and /{slugOrId}/edit: the channel's fields (ChannelFormFields), its manual
 * content (ContentPicker, ContentList), where it shows, and the live preview (ChannelPreview).
 */
const meta = {
  title: 'Channels/ChannelEditorPage',
  component: ChannelEditorPage,
  decorators: [withRoutes],
  parameters: {
    path: '/channels/:slugOrId/edit',
    route: '/channels/staff-picks/edit',
    msw: [loaded, saved, previewHandler(), searchHandler()],
  },
} satisfies Meta<typeof ChannelEditorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A manual channel: its items listed, the preview drawn by the player's renderer; saved. */
export const Edit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = (await canvas.findByRole('textbox', { name: /^Name/ })) as HTMLInputElement;
    expect(name.value).toBe('Staff picks');
    const preview = canvas.getByTestId('channel-preview');
    await waitFor(() => expect(within(preview).getAllByText('Daybreak').length).toBeGreaterThan(0));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectToast('Channel saved');
  },
};

/** The content picker finds albums to add; one already listed shows as added. */
export const PickContent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox', { name: /^Find albums to add/ }), 'night');
    const results = await canvas.findByRole('list', { name: 'Search results' });
    expect(await within(results).findByRole('button', { name: 'Added Night Drive' })).toBeTruthy();
    await userEvent.click(within(results).getByRole('button', { name: 'Add Nightfall' }));
    expect(await within(results).findByRole('button', { name: 'Added Nightfall' })).toBeTruthy();
  },
};

/** A new channel: without a name the form says so and the preview waits for it. */
export const NewInvalid: Story = {
  parameters: { path: '/channels/new', route: '/channels/new' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('Fill in the form to see a preview.')).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Create channel' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true'),
    );
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('channels/staff-picks')] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('progressbar')).toBeTruthy();
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('channels/staff-picks')] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Server Error')).toBeTruthy();
  },
};

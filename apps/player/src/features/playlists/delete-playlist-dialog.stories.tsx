import { LONG_NAME, storyPlaylist } from '@cadence/app-shell/test/story-fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DeletePlaylistDialog } from './delete-playlist-dialog';

/** `DELETE api/v1/playlists/{id}` (http-client sends it as POST with X-HTTP-Method-Override). */
const deleted = http.post('*/api/v1/playlists/:id', () => HttpResponse.json({ message: 'Deleted' }));

/** The owner's confirmation before a playlist is deleted (playlist page menu). */
const meta = {
  title: 'DeletePlaylistDialog',
  component: DeletePlaylistDialog,
  args: { playlist: storyPlaylist(7, { name: 'Night drives' }), onClose: fn() },
  parameters: { msw: [deleted] },
} satisfies Meta<typeof DeletePlaylistDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('alertdialog');

/** Confirming deletes it and closes with "deleted". */
export const Confirm: Story = {
  play: async ({ args }) => {
    expect(within(dialog()).getByText('Delete "Night drives"? This cannot be undone.')).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalledWith(true));
  },
};

/** Escape cancels: nothing is deleted. */
export const Cancel: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    expect(args.onClose).not.toHaveBeenCalledWith(true);
  },
};

export const LongName: Story = { args: { playlist: storyPlaylist(8, { name: LONG_NAME }) } };

import { storyPlaylist } from '@cadence/app-shell/test/story-fixtures';
import { dropOrphanAnnouncements, withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PlaylistOwnerMenu } from './playlist-owner-menu';

/** The owner's "more" menu on a playlist page: edit details, collaborators, delete. */
const meta = {
  title: 'Playlists/PlaylistOwnerMenu',
  component: PlaylistOwnerMenu,
  decorators: [withRouter],
  args: { playlist: storyPlaylist(7, { name: 'Night drives' }) },
  parameters: {
    route: '/playlist/7/night-drives',
    routePath: '/playlist/:id/:slug',
    msw: [http.post('*/api/v1/playlists/:id', () => HttpResponse.json({ message: 'Deleted' }))],
  },
} satisfies Meta<typeof PlaylistOwnerMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

/** Opened by keyboard: the first item has the focus, arrows move through the items. */
export const OpenByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Playlist options' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu', { name: 'Playlist options' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Edit playlist',
      'Collaborators',
      'Delete playlist',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('menu')).toBeNull());
  },
};

/** Delete asks first; confirming leaves for the library. */
export const Delete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Playlist options' }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Delete playlist' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(canvas.getByTestId('story-location').textContent).toBe('/library/playlists'));
    // The dialog's pending Delete button announced its spinner; the dialog is gone now.
    dropOrphanAnnouncements();
  },
};

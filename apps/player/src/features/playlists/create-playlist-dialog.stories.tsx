import { storyPlaylist } from '@cadence/app-shell/test/story-fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CreatePlaylistDialog } from './create-playlist-dialog';

/** `POST api/v1/playlists`: the created playlist, contract-parsed per request. */
const created = http.post('*/api/v1/playlists', async ({ request }) => {
  const body = (await request.json()) as { name: string };
  return HttpResponse.json({ playlist: storyPlaylist(42, { name: body.name }) });
});

/** New playlist (library, track menu) and, given a playlist, its edit form. */
const meta = {
  title: 'CreatePlaylistDialog',
  component: CreatePlaylistDialog,
  args: { onClose: fn() },
  parameters: { msw: [created] },
} satisfies Meta<typeof CreatePlaylistDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('dialog');

/** Submitting without a name shows the contract's message under the field. */
export const Validation: Story = {
  play: async () => {
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(await within(dialog()).findByText('The name is required.')).toBeTruthy();
  },
};

export const Created: Story = {
  play: async ({ args }) => {
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /Name/ }), 'Road trip');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalledWith(expect.objectContaining({ id: 42 })));
  },
};

/** The server refuses the name: its message shows under the field. */
export const ServerError: Story = {
  parameters: {
    msw: [
      http.post('*/api/v1/playlists', () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { name: ['You already have a playlist with this name.'] },
          },
          { status: 422 },
        ),
      ),
    ],
  },
  play: async () => {
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /Name/ }), 'Favourites');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(await within(dialog()).findByText('You already have a playlist with this name.')).toBeTruthy();
  },
};

export const Edit: Story = {
  args: {
    playlist: storyPlaylist(7, { name: 'Night drives', description: 'After midnight', collaborative: true }),
  },
};

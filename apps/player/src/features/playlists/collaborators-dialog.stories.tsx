import { storyPlaylist } from '@cadence/app-shell/test/story-fixtures';
import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZPlaylistCollaboratorSchema } from '@cadence/contracts/playlist';
import { ZSearchResponseSchema } from '@cadence/contracts/search';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CollaboratorsDialog } from './collaborators-dialog';

/** The requests the dialog sent in this story. */
const added: number[] = [];

/** `GET api/v1/search?types=users` and `POST playlists/{id}/collaborators`, contract-parsed. */
const api = [
  http.get('*/api/v1/search', ({ request }) => {
    const query = new URL(request.url).searchParams.get('query') ?? '';
    return HttpResponse.json(
      fixture(ZSearchResponseSchema, {
        query,
        results: {
          users: [
            { id: 21, name: 'Grace Hopper', image: null },
            { id: 22, name: 'Alan Turing', image: null },
            { id: 7, name: 'Ada Lovelace (the owner)', image: null },
          ],
        },
      }),
    );
  }),
  http.post('*/api/v1/playlists/:id/collaborators', async ({ request }) => {
    added.push(ZPlaylistCollaboratorSchema.parse(await request.json()).user_id);
    return HttpResponse.json({ message: 'Added' });
  }),
];

/** A collaborative playlist's owner adds and removes the people who may change its tracks. */
const meta = {
  title: 'CollaboratorsDialog',
  component: CollaboratorsDialog,
  args: {
    playlist: storyPlaylist(7, {
      name: 'Night drives',
      collaborative: true,
      editors: [{ id: 30, name: 'Katherine Johnson', image: null }],
    }),
    onClose: fn(),
  },
  parameters: { msw: api },
  beforeEach: () => {
    added.length = 0;
  },
} satisfies Meta<typeof CollaboratorsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('dialog', { name: 'Collaborators' });

/** Searching lists people (never the owner); adding one sends their id. */
export const AddPerson: Story = {
  play: async () => {
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Add people' }), 'gr');
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'Add Grace Hopper' }));
    await waitFor(() => expect(added).toEqual([21]));
    expect(within(dialog()).queryByRole('button', { name: /Ada Lovelace/ })).toBeNull();
  },
};

/** Not collaborative yet: the dialog says how to make it so; nobody added. */
export const NotCollaborative: Story = {
  args: { playlist: storyPlaylist(8, { name: 'Solo', collaborative: false, editors: [] }) },
  play: async () => {
    expect(within(dialog()).getByText('No collaborators yet.')).toBeTruthy();
  },
};

import { storyAlbum, storyTrack } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAlbumResponseSchema } from '@cadence/contracts/album';
import { ZAlbumTracksSchema } from '@cadence/contracts/backstage';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AlbumForm } from './album-form';

const ARTISTS = [{ id: 101, name: 'The Midnight Hours' }];
const TRACKS = [
  { id: 11, name: 'Night Drive', duration: 214_000 },
  { id: 12, name: 'Nightfall', duration: 187_000 },
  { id: 13, name: 'Headlights', duration: 241_000 },
];

/** `PUT albums/{id}` and the album's track order (`PUT backstage/albums/{id}/tracks`), contract-checked;
 * http-client sends PUT as POST with X-HTTP-Method-Override. */
const api = [
  http.post('*/api/v1/albums/:id', ({ params }) =>
    HttpResponse.json(fixture(ZAlbumResponseSchema, { album: storyAlbum(Number(params.id)) })),
  ),
  http.post('*/api/v1/backstage/albums/:id/tracks', async ({ request }) => {
    ZAlbumTracksSchema.parse(await request.json());
    return HttpResponse.json({ message: 'Saved' });
  }),
];

const album = storyAlbum(7, {
  name: 'Night Drive',
  tracks: TRACKS.map((track, index) =>
    storyTrack(track.id, { name: track.name, number: index + 1, album_id: 7 }),
  ),
});

/** The album editor (backstage and admin): details, and its track list ordered by keyboard or drag. */
const meta = {
  title: 'AlbumForm',
  component: AlbumForm,
  decorators: [withRouter, (Story) => <div className="max-w-3xl">{Story()}</div>],
  args: { artistOptions: ARTISTS, onSaved: fn() },
  parameters: { msw: api },
} satisfies Meta<typeof AlbumForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const New: Story = {};

/** The release date is react-aria's DatePicker: typed by segment with the keyboard, or from its calendar. */
export const ReleaseDate: Story = {
  args: { album: storyAlbum(9, { name: 'Dated', release_date: '2024-05-17', tracks: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = await canvas.findByRole('group', { name: 'Release date' });
    const stored = () => canvasElement.querySelector<HTMLInputElement>('input[name="release_date"]')?.value;
    expect(stored()).toBe('2024-05-17');
    const day = within(group)
      .getAllByRole('spinbutton')
      .find((segment) => segment.getAttribute('aria-valuenow') === '17');
    if (!day) throw new Error('No day segment showing 17.');
    await userEvent.click(day);
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(stored()).toBe('2024-05-18'));
    // The calendar opens from its button, on the chosen month.
    await userEvent.click(within(group).getByRole('button', { name: /Calendar/ }));
    const calendar = await within(document.body).findByRole('dialog');
    expect(within(calendar).getByRole('heading').textContent).toContain('2024');
    await userEvent.keyboard('{Escape}');
    // Artists are picked from a searchable combobox, the credited ones shown as tags.
    expect(canvas.getByRole('combobox', { name: 'Artists' })).toBeInTheDocument();
  },
};

/** Genres come from a searchable picker: the catalogue's genres as you type, or a new one. */
export const PickGenres: Story = {
  args: { album: storyAlbum(10, { name: 'Genred', tracks: [] }) },
  parameters: {
    msw: [
      ...api,
      http.get('*/api/v1/genres', ({ request }) => {
        const query = new URL(request.url).searchParams.get('query')?.toLowerCase() ?? '';
        const data = ['Ambient', 'Ambient Techno', 'Jazz']
          .filter((name) => name.toLowerCase().includes(query))
          .map((name, index) => ({
            id: index + 1,
            name,
            display_name: null,
            image: null,
            popularity: 3 - index,
            created_at: '2024-01-01T00:00:00Z',
            updated_at: '2024-01-01T00:00:00Z',
          }));
        return HttpResponse.json({
          pagination: {
            data,
            current_page: 1,
            last_page: 1,
            per_page: 20,
            total: data.length,
            from: 1,
            to: data.length,
          },
        });
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const genres = canvas.getByRole('combobox', { name: 'Genres' });
    await userEvent.type(genres, 'ambi');
    const listbox = await within(document.body).findByRole('listbox');
    await within(listbox).findByRole('option', { name: 'Ambient Techno' });
    await userEvent.click(within(listbox).getByRole('option', { name: 'Ambient' }));
    await userEvent.type(genres, 'Glasswave');
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Add “Glasswave”' }));
    await userEvent.keyboard('{Escape}');
    const picked = await canvas.findByRole('grid', { name: 'Genres selected' });
    await waitFor(() =>
      expect(
        within(picked)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual(['Ambient', 'Glasswave']),
    );
    await userEvent.click(within(picked).getByRole('button', { name: /^Remove Ambient/ }));
    await waitFor(() => expect(within(picked).getAllByRole('row')).toHaveLength(1));
  },
};

/** Moving a track down by its button reorders the list and announces it; saving sends the order. */
export const ReorderTracks: Story = {
  args: { album, trackCandidates: [{ id: 14, name: 'Dawn', duration: 199_000 }] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Album tracks' });
    await userEvent.click(within(list).getByRole('button', { name: 'Move Night Drive down' }));
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(names[0]).toContain('Nightfall');
    expect(names[1]).toContain('Night Drive');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

export const Empty: Story = { args: { album: storyAlbum(8, { name: 'Untitled', tracks: [] }) } };

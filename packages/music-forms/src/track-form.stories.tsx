import { storyTrack } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZTrackResponseSchema, ZTrackUpdateSchema } from '@cadence/contracts/track';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TrackForm } from './track-form';

const ARTISTS = [
  { id: 101, name: 'The Midnight Hours' },
  { id: 102, name: 'Maximiliane Theodora Wilhelmina von Hohenzollern-Sigmaringen' },
];
const ALBUMS = [{ id: 7, name: 'Night Drive' }];

/** `PUT api/v1/tracks/{id}` (sent as POST with X-HTTP-Method-Override, as http-client does): the body must parse with the contract; the saved track comes back. */
const saved = http.post('*/api/v1/tracks/:id', async ({ params, request }) => {
  const body = ZTrackUpdateSchema.parse(await request.json());
  return HttpResponse.json(
    fixture(ZTrackResponseSchema, { track: storyTrack(Number(params.id), { name: body.name }) }),
  );
});

/**
 * The track editor of `/backstage/tracks/new|{id}/edit` and the admin's track pages: audio (new
 * tracks), name, artists, album, number, artwork, genres, tags, description and synced lyrics.
 */
const meta = {
  title: 'TrackForm',
  component: TrackForm,
  decorators: [withRouter, (Story) => <div className="max-w-3xl">{Story()}</div>],
  args: { artistOptions: ARTISTS, albumOptions: ALBUMS, onSaved: fn() },
  parameters: { msw: [saved] },
} satisfies Meta<typeof TrackForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new track: the audio drop zone first. */
export const New: Story = {};

/** An existing track with its lyrics; saving sends the contract's shape and reports the track. */
export const Edit: Story = {
  args: {
    track: storyTrack(12, {
      name: 'Nightfall',
      album_id: 7,
      number: 2,
      replay_gain: { track_gain: -6.42, track_peak: 0.98, album_gain: -5.9, album_peak: 1 },
    }),
    lyrics: '[00:05.00] Headlights on the empty road\n[00:12.50] Radio hums a song I know',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The measured loudness shows beside the fields, read-only.
    const loudness = within(canvas.getByTestId('track-loudness'));
    expect(loudness.getByText('-6.42 dB')).toBeTruthy();
    expect(loudness.getByText('-0.18 dBTP')).toBeTruthy();
    expect(loudness.getByText('-5.90 dB')).toBeTruthy();
    expect(loudness.getByText('0.00 dBTP')).toBeTruthy();
    const name = canvas.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Nightfall (Radio Edit)');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

/** The name is required: the contract's message shows and nothing is sent. */
export const ValidationMessages: Story = {
  args: { track: storyTrack(12, { name: 'Nightfall' }) },
  play: async ({ canvasElement, args }) => {
    // A track not measured yet says so instead of showing gains.
    expect(within(canvasElement).getByText(/^Not measured yet/)).toBeTruthy();
    const canvas = within(canvasElement);
    await userEvent.clear(canvas.getByRole('textbox', { name: /^Name/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(args.onSaved).not.toHaveBeenCalled();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };

/** The album is a searchable combobox: type to filter, arrows and Enter to pick. */
export const PickAlbumByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const album = canvas.getByRole('combobox', { name: 'Album' });
    expect(album).toHaveValue('No album (single)');
    await userEvent.click(album);
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.keyboard(ALBUMS[0]?.name.slice(0, 4) ?? '');
    const listbox = await body.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.length).toBeGreaterThan(0);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(album).toHaveValue(options[0]?.textContent ?? ''));
  },
};

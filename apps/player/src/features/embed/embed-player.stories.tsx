import { LONG_NAME, storyTrack, storyTracks } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { toPlayerTrack } from '../catalogue/to-player-track';
import { player } from '../player-ui/story-player';
import { EmbedPlayer } from './embed-player';

// The album's tracks as the embed page builds them from `GET api/v1/albums/{id}` (contract-parsed).
const albumTracks = storyTracks(6).map((track) => toPlayerTrack(track));
const single = [toPlayerTrack(storyTrack(1, { name: 'Night Drive' }))];

/**
 * The compact player other sites put in an iframe (`/album/{id}/embed`, `/track/{id}/embed`):
 * artwork, title and artists linking to the full player, controls, seek bar, and for an album
 * its track list.
 */
const meta = {
  title: 'EmbedPlayer',
  component: EmbedPlayer,
  decorators: [withRouter, (Story) => <div className="h-[420px] max-w-xl overflow-hidden">{Story()}</div>],
  args: {
    title: 'Night Drive',
    subtitle: 'The Midnight Hours',
    image: null,
    tracks: albumTracks,
    link: '/album/7/the-midnight-hours/night-drive',
  },
  beforeEach: player({ tracks: albumTracks, isPlaying: false, position: 0 }),
} satisfies Meta<typeof EmbedPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An album, paused on its first track: links open the full player in a new tab. */
export const Album: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('link', { name: 'Night Drive' }).getAttribute('target')).toBe('_blank');
    expect(canvas.getByTestId('embed-now-playing').textContent).toContain('Song 1');
    expect(canvas.getAllByTestId('track-row')).toHaveLength(albumTracks.length);
    expect(canvas.getByRole('button', { name: 'Play' })).toBeTruthy();
  },
};

/** One track: no list, no "now playing" line. */
export const Track: Story = {
  args: { tracks: single },
  beforeEach: player({ tracks: single, isPlaying: false, position: 0 }),
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).queryByTestId('embed-now-playing')).toBeNull();
  },
};

export const Playing: Story = { beforeEach: player({ tracks: albumTracks, position: 95 }) };

export const Buffering: Story = { beforeEach: player({ tracks: albumTracks, isBuffering: true }) };

export const LongNames: Story = {
  args: { title: LONG_NAME, subtitle: 'Maximiliane Theodora Wilhelmina von Hohenzollern-Sigmaringen' },
};

export const Light: Story = { globals: { theme: 'light' } };

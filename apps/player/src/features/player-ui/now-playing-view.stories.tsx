import { storyLyrics, storyTracks } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { toPlayerTrack } from '../catalogue/to-player-track';
import { readPlayerSettings } from '../playback/player-settings';
import { NowPlayingView } from './now-playing-view';
import { closeNowPlaying, openNowPlaying } from './player-ui-store';
import { player } from './story-player';

const queue = storyTracks(4).map((track) => toPlayerTrack(track));
const lyrics = http.get('*/api/v1/tracks/:id/lyrics', ({ params }) =>
  HttpResponse.json({ lyrics: storyLyrics(Number(params.id), true) }),
);

/** Opens the sheet on a tab with the queue playing, and closes it when the story is left. */
const openOn =
  (tab: 'artwork' | 'lyrics' | 'queue', isPlaying = true) =>
  () => {
    const cleanPlayer = player({ tracks: queue, isPlaying, position: 14 })();
    openNowPlaying(tab);
    return () => {
      closeNowPlaying();
      cleanPlayer();
    };
  };

/** Phones' full-screen now-playing sheet: artwork and controls, synced lyrics, the queue. */
const meta = {
  title: 'NowPlayingView',
  component: NowPlayingView,
  decorators: [withRouter],
  args: { settings: readPlayerSettings({}) },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  parameters: { msw: [lyrics] },
  beforeEach: openOn('artwork'),
} satisfies Meta<typeof NowPlayingView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Artwork: Story = {
  play: async () => {
    const sheet = within(document.body).getByTestId('now-playing');
    expect(within(sheet).getByRole('tab', { name: 'Now playing' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await userEvent.click(within(sheet).getByRole('tab', { name: 'Queue' }));
    expect(within(sheet).getByRole('tab', { name: 'Queue' }).getAttribute('aria-selected')).toBe('true');
  },
};

export const Paused: Story = { beforeEach: openOn('artwork', false) };

/** The lyrics tab follows the playing line (0:14: the second line). */
export const Lyrics: Story = {
  beforeEach: openOn('lyrics'),
  play: async () => {
    const list = await within(document.body).findByTestId('synced-lyrics');
    expect(list.querySelector('[aria-current="true"]')?.textContent).toBe('Radio hums a song I know');
  },
};

export const Queue: Story = { beforeEach: openOn('queue') };

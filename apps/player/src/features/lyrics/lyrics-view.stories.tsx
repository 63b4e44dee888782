import { storyLyrics, storyTrack } from '@cadence/app-shell/test/story-fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { toPlayerTrack } from '../catalogue/to-player-track';
import { player } from '../player-ui/story-player';
import { LyricsView } from './lyrics-view';

/** `GET api/v1/tracks/1/lyrics`, answered with the contract-parsed lyrics (parsed per request). */
const lyrics = (synced: boolean) =>
  http.get('*/api/v1/tracks/1/lyrics', () => HttpResponse.json({ lyrics: storyLyrics(1, synced) }));

/** Spec: the track page's and the lyrics page's lyrics; synced (LRC) lyrics follow the playing line. */
const meta = {
  title: 'LyricsView',
  component: LyricsView,
  decorators: [(Story) => <div className="max-w-xl">{<Story />}</div>],
  args: { trackId: 1, isPlayingTrack: false },
  parameters: { msw: [lyrics(false)] },
  beforeEach: player(),
} satisfies Meta<typeof LyricsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText(/Headlights on the empty road/)).toBeTruthy();
  },
};

/** Synced lyrics while the track plays at 0:14: the second line is the current one; a line seeks. */
export const SyncedPlaying: Story = {
  args: { isPlayingTrack: true },
  parameters: { msw: [lyrics(true)] },
  beforeEach: player({ tracks: [toPlayerTrack(storyTrack(1))], position: 14 }),
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByTestId('synced-lyrics');
    const current = list.querySelector('[aria-current="true"]');
    expect(current?.textContent).toBe('Radio hums a song I know');
  },
};

/** Synced lyrics of a track that is not playing read as plain text. */
export const SyncedNotPlaying: Story = {
  parameters: { msw: [lyrics(true)] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText(/Night drive, nowhere to go/)).toBeTruthy();
  },
};

/** `lyrics: null`: the track has no lyrics yet. */
export const NoLyrics: Story = {
  parameters: { msw: [http.get('*/api/v1/tracks/1/lyrics', () => HttpResponse.json({ lyrics: null }))] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('No lyrics for this track yet.')).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/tracks/1/lyrics', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: { msw: [http.get('*/api/v1/tracks/1/lyrics', () => HttpResponse.json({}, { status: 500 }))] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Could not load the lyrics.')).toBeTruthy();
  },
};

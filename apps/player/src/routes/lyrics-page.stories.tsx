import { storyLyrics, storyTracks } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { player } from '../features/player-ui/story-player';
import { LyricsPage } from './lyrics-page';

const lyrics = (synced: boolean) =>
  http.get('*/api/v1/tracks/:id/lyrics', ({ params }) =>
    HttpResponse.json({ lyrics: storyLyrics(Number(params.id), synced) }),
  );

const playing = player({ tracks: storyTracks(3).map((track) => toPlayerTrack(track)) });

/** `/lyrics`: the words of what is playing, following the line when they are synced. */
const meta = {
  title: 'Pages/LyricsPage',
  component: LyricsPage,
  decorators: [withRouter],
  beforeEach: [playing],
  parameters: { route: '/lyrics', msw: [lyrics(true)] },
} satisfies Meta<typeof LyricsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Synced: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Headlights on the empty road')).toBeTruthy();
  },
};

export const Plain: Story = { parameters: { msw: [lyrics(false)] } };

/** Nothing playing: a way to find music. */
export const NothingPlaying: Story = {
  beforeEach: [player()],
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByText('Nothing is playing')).toBeTruthy();
  },
};

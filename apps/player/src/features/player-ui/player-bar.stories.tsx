import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { readPlayerSettings } from '../playback/player-settings';
import { PlayerBar } from './player-bar';
import { player, track } from './story-player';

const queue = [track(1, 'Night Drive', 'The Midnight Hours'), track(2), track(3)];

/** The desktop player bar: track on the left, transport and seek bar in the middle, queue and volume right. */
const meta = {
  title: 'PlayerBar',
  component: PlayerBar,
  decorators: [withRouter],
  args: { settings: readPlayerSettings({}) },
  parameters: { layout: 'fullscreen' },
  beforeEach: player({ tracks: queue }),
} satisfies Meta<typeof PlayerBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByTestId('player-track-name').textContent).toBe('Night Drive');
    expect(canvas.getByTestId('player-position').textContent).toBe('1:07');
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }));
    expect(canvas.getByRole('button', { name: 'Play' })).toBeTruthy();
  },
};

export const Paused: Story = { beforeEach: player({ tracks: queue, isPlaying: false }) };

/** Waiting for audio: the play button shows a spinner. */
export const Buffering: Story = { beforeEach: player({ tracks: queue, isBuffering: true }) };

/** Nothing queued yet: the controls are disabled. */
export const Empty: Story = {
  beforeEach: player(),
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByRole('button', { name: 'Play' }).hasAttribute('disabled')).toBe(true);
  },
};

export const LongNames: Story = {
  beforeEach: player({
    tracks: [
      track(
        9,
        'An Extraordinarily Long Track Title That Keeps Going (Extended Live Version, Remastered 2026)',
        'Maximiliane Theodora Wilhelmina von Hohenzollern-Sigmaringen and the Orchestra of Everything',
      ),
    ],
  }),
};

/** The queue panel and waveform seek bar can be turned off in the settings. */
export const WithoutQueueButton: Story = {
  args: { settings: readPlayerSettings({ player: { hide_queue: true } }) },
};

import { LONG_NAME } from '@cadence/app-shell/test/story-fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MobilePlayer } from './mobile-player';
import { player, track } from './story-player';

const queue = [track(1, 'Night Drive', 'The Midnight Hours'), track(2)];

/** Phones (below 768px): the mini player above the bottom menu; it opens the now-playing sheet. */
const meta = {
  title: 'MobilePlayer',
  component: MobilePlayer,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  beforeEach: player({ tracks: queue }),
} satisfies Meta<typeof MobilePlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }));
    expect(canvas.getByRole('button', { name: 'Play' })).toBeTruthy();
  },
};

export const Paused: Story = { beforeEach: player({ tracks: queue, isPlaying: false }) };

export const Buffering: Story = { beforeEach: player({ tracks: queue, isBuffering: true }) };

/** The light theme (toolbar) with a title and artist too long for a phone: both truncate. */
export const LightLongNames: Story = {
  globals: { theme: 'light', viewport: { value: 'mobile', isRotated: false } },
  beforeEach: player({ tracks: [track(3, LONG_NAME, 'A Collective With A Remarkably Long Name')] }),
  play: async () => {
    // The toolbar's light theme writes the seeded light theme's variables on the root.
    expect(document.documentElement.style.getPropertyValue('--be-background')).toBe('255 255 255');
  },
};

import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { QueueList } from './queue-panel';
import { player, track } from './story-player';

const tracks = [
  track(1, 'Night Drive', 'The Midnight Hours'),
  track(2, 'An Extraordinarily Long Track Title That Keeps Going (Extended Live Version, Remastered 2026)'),
  ...Array.from({ length: 10 }, (_, i) => track(3 + i)),
];

/** The queue: what plays now and next; drag (or keyboard drag) to reorder, remove, clear. */
const meta = {
  title: 'QueueList',
  component: QueueList,
  decorators: [withRouter, (Story) => <div className="max-w-md">{<Story />}</div>],
  beforeEach: player({ tracks }),
} satisfies Meta<typeof QueueList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playing: Story = {
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByText('Night Drive')).toBeTruthy();
  },
};

export const Empty: Story = {
  beforeEach: player(),
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByText('Your queue is empty. Play something!')).toBeTruthy();
  },
};

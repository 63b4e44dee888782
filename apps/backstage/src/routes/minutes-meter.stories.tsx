import { ZUploadMinutesSchema } from '@cadence/contracts/backstage';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MinutesMeter } from './minutes-meter';

/** The plan's upload minutes as `GET backstage/overview` reports them (contract-parsed). */
const minutes = (limit: number | null, used: number) =>
  ZUploadMinutesSchema.parse({
    limit_minutes: limit,
    used_minutes: used,
    left_minutes: limit === null ? null : Math.max(0, limit - used),
  });

/** Upload minutes on the backstage home and upload pages: used and left, or only used without a limit. */
const meta = {
  title: 'MinutesMeter',
  component: MinutesMeter,
  args: { minutes: minutes(180, 42) },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof MinutesMeter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SomeUsed: Story = {
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByText('42 of 180 minutes used, 138 left')).toBeTruthy();
  },
};

/** Every minute used: the bar is full and nothing is left. */
export const Exhausted: Story = { args: { minutes: minutes(180, 180) } };

/** More used than the plan allows (a downgrade): the bar stays full. */
export const OverLimit: Story = { args: { minutes: minutes(60, 95) } };

export const Unlimited: Story = {
  args: { minutes: minutes(null, 1234) },
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).queryByRole('progressbar')).toBeNull();
  },
};

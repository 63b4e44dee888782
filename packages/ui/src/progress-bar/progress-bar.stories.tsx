import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from './progress-bar';

const meta = {
  title: 'ProgressBar',
  component: ProgressBar,
  args: { label: 'Loading' },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PageTop: Story = { args: { isPageTop: true } };
export const Indeterminate: Story = {};
export const Determinate: Story = { args: { value: 42, label: 'Uploading' } };

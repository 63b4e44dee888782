import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from './progress-bar';

const meta = {
  title: 'ProgressBar',
  component: ProgressBar,
  parameters: {
    docs: {
      description: {
        component:
          'A labelled progress bar (react-aria): give `value` (0-100) for a known amount, leave it out for an indeterminate one. `label` is announced; the value text is read as a percentage.',
      },
    },
  },
  args: { label: 'Loading' },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PageTop: Story = { args: { isPageTop: true } };
export const Indeterminate: Story = {};
export const Determinate: Story = { args: { value: 42, label: 'Uploading' } };

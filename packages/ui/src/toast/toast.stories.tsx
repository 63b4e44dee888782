import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ToastView, ToastViewport } from './toast';

const meta = {
  title: 'Toast',
  component: ToastView,
  parameters: {
    docs: {
      description: {
        component:
          'One toast as drawn. The app shell queues them: `danger` interrupts (role alert), `positive` and `loading` wait their turn (role status). Keep the message short; an action (Undo) goes in `action`.',
      },
    },
  },
  args: { type: 'positive', message: 'Email sent' },
  argTypes: { type: { control: 'inline-radio', options: ['positive', 'danger', 'loading'] } },
} satisfies Meta<typeof ToastView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Positive: Story = {};
export const Danger: Story = {
  args: { type: 'danger', message: 'An error occurred. Please try again later' },
};
export const Loading: Story = { args: { type: 'loading', message: 'Uploading 3 files' } };
export const WithActionAndClose: Story = {
  args: {
    message: 'Removed from your library',
    action: { label: 'Undo', onAction: fn() },
    onClose: fn(),
  },
};
export const InViewport: Story = {
  render: (args) => (
    <ToastViewport>
      <ToastView {...args} />
    </ToastViewport>
  ),
};

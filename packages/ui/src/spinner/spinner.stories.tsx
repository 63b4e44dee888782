import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button/button';
import { Spinner } from './spinner';

const meta = {
  title: 'Spinner',
  component: Spinner,
  parameters: {
    docs: {
      description: {
        component:
          'An indeterminate busy indicator with a label for screen readers (`label`, default "Loading"). Prefer a skeleton or `isPending` on the button that started the work; use a spinner where neither fits.',
      },
    },
  },
  args: { size: 'md', label: 'Loading' },
  argTypes: { size: { control: 'inline-radio', options: ['xs', 'sm', 'md', 'lg'] } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Large: Story = { args: { size: 'lg' } };

function DelayedExample() {
  const [isLoading, setIsLoading] = useState(false);
  return (
    <div className="flex items-center gap-4">
      <Button onPress={() => setIsLoading((value) => !value)}>{isLoading ? 'Stop' : 'Start'} loading</Button>
      <Spinner isLoading={isLoading} delay={500} minVisibleMs={200} />
    </div>
  );
}

/** The app shell's timing: appears after 500 ms of loading, then stays at least 200 ms. */
export const Delayed: Story = { render: () => <DelayedExample /> };

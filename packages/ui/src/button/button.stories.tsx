import type { Meta, StoryObj } from '@storybook/react-vite';
import PlayIcon from 'lucide-react/icons/play';
import { Button } from './button';

const meta = {
  title: 'Button',
  component: Button,
  args: { children: 'Save changes', variant: 'primary', size: 'md' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'outline', 'text', 'danger'] },
    size: { control: 'inline-radio', options: ['xs', 'sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Outline: Story = { args: { variant: 'outline' } };
export const Text: Story = { args: { variant: 'text' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Delete' } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Pending: Story = { args: { isPending: true } };
export const WithIcon: Story = {
  args: { children: 'Play', startIcon: <PlayIcon aria-hidden className="size-4" /> },
};

export const AllVariants: Story = {
  render: () => (
    <div className="flex flex-col gap-4">
      {(['xs', 'sm', 'md', 'lg'] as const).map((size) => (
        <div key={size} className="flex items-center gap-3">
          {(['primary', 'outline', 'text', 'danger'] as const).map((variant) => (
            <Button key={variant} variant={variant} size={size}>
              {variant}
            </Button>
          ))}
          <Button size={size} isDisabled>
            disabled
          </Button>
          <Button size={size} isPending>
            pending
          </Button>
        </div>
      ))}
    </div>
  ),
};

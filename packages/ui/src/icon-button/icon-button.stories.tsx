import type { Meta, StoryObj } from '@storybook/react-vite';
import HeartIcon from 'lucide-react/icons/heart';
import ShuffleIcon from 'lucide-react/icons/shuffle';
import { IconButton } from './icon-button';

const meta = {
  title: 'IconButton',
  component: IconButton,
  args: { 'aria-label': 'Like', children: <HeartIcon aria-hidden />, variant: 'text', size: 'md' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'outline', 'text', 'danger'] },
    size: { control: 'inline-radio', options: ['xs', 'sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {};
export const Primary: Story = {
  args: { variant: 'primary', 'aria-label': 'Shuffle', children: <ShuffleIcon aria-hidden /> },
};
export const Outline: Story = { args: { variant: 'outline' } };
export const Disabled: Story = { args: { isDisabled: true } };

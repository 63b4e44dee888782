import type { Meta, StoryObj } from '@storybook/react-vite';
import HeartIcon from 'lucide-react/icons/heart';
import { fn } from 'storybook/test';
import { PlainButton } from './plain-button';
import { PlainIconButton } from './plain-icon-button';

const meta = {
  title: 'PlainButton',
  component: PlainButton,
  args: { children: 'Accept', variant: 'primary', size: 'md', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'outline', 'text', 'danger'] },
    size: { control: 'inline-radio', options: ['xs', 'sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof PlainButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Looks like Button; a native element for the shell and the first page. */
export const Primary: Story = {};
export const Outline: Story = { args: { variant: 'outline', children: 'Try again' } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Pending: Story = { args: { isPending: true } };
export const IconOnly: Story = {
  render: () => (
    <PlainIconButton aria-label="Add to your library" aria-pressed={false}>
      <HeartIcon aria-hidden />
    </PlainIconButton>
  ),
};

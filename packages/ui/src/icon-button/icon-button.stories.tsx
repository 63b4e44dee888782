import type { Meta, StoryObj } from '@storybook/react-vite';
import HeartIcon from 'lucide-react/icons/heart';
import ShuffleIcon from 'lucide-react/icons/shuffle';
import { applyPseudoStates } from '../test/pseudo-states';
import { IconButton } from './icon-button';

const meta = {
  title: 'IconButton',
  component: IconButton,
  parameters: {
    docs: {
      description: {
        component:
          "A button that is only an icon (react-aria `Button`). `aria-label` is required: it is all a screen reader announces, and a `Tooltip` should show the same words on hover. The icon is `aria-hidden`; `variant` and `size` are Button's.",
      },
    },
  },
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

/** Hover, keyboard focus and press, forced on (storybook-addon-pseudo-states), per variant. */
export const States: Story = {
  parameters: {
    // The root is the body: the story tests render outside #storybook-root.
    pseudo: {
      rootSelector: 'body',
      hover: ['.is-hover'],
      focusVisible: ['.is-focus'],
      active: ['.is-active'],
    },
  },
  play: applyPseudoStates,
  render: () => (
    <div className="flex flex-col gap-3">
      {(['primary', 'outline', 'text', 'danger'] as const).map((variant) => (
        <div key={variant} className="flex items-center gap-3">
          {(['', 'is-hover', 'is-focus', 'is-active'] as const).map((state) => (
            <IconButton
              key={state}
              variant={variant}
              className={state}
              aria-label={`Like (${variant}, ${state ? state.replace('is-', '') : 'default'})`}
            >
              <HeartIcon aria-hidden />
            </IconButton>
          ))}
        </div>
      ))}
    </div>
  ),
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import HeartIcon from 'lucide-react/icons/heart';
import { fn } from 'storybook/test';
import { applyPseudoStates } from '../test/pseudo-states';
import { PlainButton } from './plain-button';
import { PlainIconButton } from './plain-icon-button';

const meta = {
  title: 'PlainButton',
  component: PlainButton,
  parameters: {
    docs: {
      description: {
        component:
          "Button's look on a native `<button>` without react-aria, for the shell and the first page whose JavaScript budget has no room for it. Same `variant`, `size`, `isPending` and icons as Button; `onPress` runs on click, Enter and Space. Forms and dialogs keep `Button`.",
      },
    },
  },
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
            <PlainButton key={state} variant={variant} className={state}>
              {state ? state.replace('is-', '') : 'default'}
            </PlainButton>
          ))}
        </div>
      ))}
    </div>
  ),
};

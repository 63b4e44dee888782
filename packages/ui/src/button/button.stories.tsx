import type { Meta, StoryObj } from '@storybook/react-vite';
import PlayIcon from 'lucide-react/icons/play';
import { applyPseudoStates } from '../test/pseudo-states';
import { Button } from './button';

const meta = {
  title: 'Button',
  component: Button,
  parameters: {
    docs: {
      description: {
        component:
          "The product's action button (react-aria `Button`): `primary` for the one main action of a view, `outline` beside it, `text` in toolbars and lists, `danger` for destructive confirmations. `isPending` keeps the width and shows a spinner while a request runs; `startIcon`/`endIcon` take an `aria-hidden` icon. For a link that looks like a button, use `buttonClasses` on a router `Link`.",
      },
    },
  },
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
    <div className="grid grid-cols-[auto_repeat(4,max-content)] items-center gap-3 text-sm">
      {(['default', 'hover', 'focus', 'active'] as const).map((state) => (
        <span key={state} className="text-muted first:col-start-2">
          {state}
        </span>
      ))}
      {(['primary', 'outline', 'text', 'danger'] as const).map((variant) => (
        <div key={variant} className="contents">
          <span className="text-muted">{variant}</span>
          {(['', 'is-hover', 'is-focus', 'is-active'] as const).map((state) => (
            <Button key={state} variant={variant} className={state}>
              Save
            </Button>
          ))}
        </div>
      ))}
    </div>
  ),
};

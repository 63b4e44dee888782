import type { Meta, StoryObj } from '@storybook/react-vite';
import RepeatIcon from 'lucide-react/icons/repeat';
import { IconButton } from '../icon-button/icon-button';
import { Tooltip } from './tooltip';

const meta = {
  title: 'Tooltip',
  component: Tooltip,
  parameters: {
    docs: {
      description: {
        component:
          "A hover and focus label for an icon button (spec 9: 1500 ms delay, 500 ms closing grace). It repeats the button's `aria-label`; never put information in a tooltip that is not also in the name.",
      },
    },
  },
  args: {
    label: 'Repeat',
    children: (
      <IconButton aria-label="Repeat">
        <RepeatIcon aria-hidden />
      </IconButton>
    ),
  },
  decorators: [(Story) => <div className="p-12">{Story()}</div>],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hover waits 1500 ms (spec 9); keyboard focus opens at once. */
export const Default: Story = {};
export const Bottom: Story = { args: { placement: 'bottom' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { Dialog, DialogBody, DialogFooter, DialogHeader, DialogTrigger } from './dialog';
import type { TDialogSize } from './dialog-sizes';

interface ExampleProps {
  size: TDialogSize;
  isDismissable: boolean;
}

function Example({ size, isDismissable }: ExampleProps) {
  return (
    <DialogTrigger>
      <Button>Open dialog</Button>
      <Dialog size={size} isDismissable={isDismissable}>
        <DialogHeader>Confirm password</DialogHeader>
        <DialogBody>
          <p className="mb-4 text-sm text-muted">
            For your security, please confirm your password to continue.
          </p>
          <TextField label="Password" type="password" isRequired autoFocus />
        </DialogBody>
        <DialogFooter>
          <Button slot="close" variant="text">
            Cancel
          </Button>
          <Button slot="close">Confirm</Button>
        </DialogFooter>
      </Dialog>
    </DialogTrigger>
  );
}

const meta = {
  title: 'Dialog',
  component: Example,
  parameters: {
    docs: {
      description: {
        component:
          "A modal dialog: `DialogTrigger` opens it from its first child, focus moves in and is trapped until it closes, Escape (and an outside press when `isDismissable`) closes it and focus returns to the trigger. Compose `DialogHeader`, `DialogBody` and `DialogFooter`; imperative dialogs (confirmations) go through the app shell's modal host. `size` runs from `xs` to `fullscreen`.",
      },
    },
  },
  args: { size: 'md', isDismissable: true },
  argTypes: {
    size: { control: 'select', options: ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl', 'fullscreen'] },
  },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Medium: Story = {};
export const Smallest: Story = { args: { size: 'xs' } };
export const Widest: Story = { args: { size: '3xl' } };
export const Fullscreen: Story = { args: { size: 'fullscreen' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextField } from './text-field';

const meta: Meta<typeof TextField> = {
  title: 'TextField',
  component: TextField,
  parameters: {
    docs: {
      description: {
        component:
          "A labelled text input (react-aria `TextField`). `errorMessage` (e.g. a server field error from the contract's 422 shape) marks it invalid and is read with it; `description` is read as its description. Pass `type` and `autoComplete` so browsers and password managers fill it.",
      },
    },
  },
  args: { label: 'Email', type: 'email', autoComplete: 'email' },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
};

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithDescription: Story = { args: { description: 'We will send a confirmation link here.' } };
export const Required: Story = { args: { isRequired: true } };
export const WithError: Story = {
  args: { errorMessage: 'The email has already been taken.', defaultValue: 'a@b.c' },
};
export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'admin@example.com' } };
export const VerificationCode: Story = {
  args: {
    label: 'Code',
    type: 'text',
    placeholder: 'Enter your verification code',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 6,
    isRequired: true,
  },
};

/** Focused from the keyboard: react-aria's focus ring (its data attributes, not a CSS pseudo-class). */
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    expect(within(canvasElement).getByRole('textbox', { name: 'Email' })).toBe(document.activeElement);
  },
};

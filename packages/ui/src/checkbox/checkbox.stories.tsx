import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Checkbox } from './checkbox';

const meta = {
  title: 'Checkbox',
  component: Checkbox,
  parameters: {
    docs: {
      description: {
        component:
          'A labelled checkbox (react-aria `CheckboxField`): the label is its children; `description` explains, `errorMessage` marks it invalid and is read with it; `isIndeterminate` for a "some selected" header. Use it for a yes/no setting inside a form; a setting that applies at once belongs in a switch-like button instead.',
      },
    },
  },
  args: { children: 'Remember me' },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Checked: Story = { args: { defaultSelected: true } };
export const Indeterminate: Story = { args: { isIndeterminate: true, children: 'All channels' } };
export const WithDescription: Story = { args: { description: 'Stay signed in for a month.' } };
export const RequiredWithError: Story = {
  args: {
    children: 'I accept the terms of service',
    isRequired: true,
    errorMessage: 'This field is required.',
  },
};
export const Disabled: Story = { args: { isDisabled: true } };

/** Focused from the keyboard (focus ring), then toggled with Space. */
export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const checkbox = within(canvasElement).getByRole('checkbox', { name: 'Remember me' });
    expect(checkbox).toBe(document.activeElement);
    await userEvent.keyboard(' ');
    expect((checkbox as HTMLInputElement).checked).toBe(true);
  },
};

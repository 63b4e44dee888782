import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox } from './checkbox';

const meta = {
  title: 'Checkbox',
  component: Checkbox,
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

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, within } from 'storybook/test';
import { ImageField } from './image-field';

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <div className="max-w-sm">
      <ImageField label="Header image" value={value} onChange={setValue} />
    </div>
  );
}

/** An image setting of the appearance editor: upload one to the public disk, or type its address. */
const meta = {
  title: 'Appearance/ImageField',
  component: Field,
  args: { initial: '' },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByRole('textbox', { name: 'Header image address' })).toBeTruthy();
  },
};

export const WithImage: Story = {
  args: {
    initial:
      'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="64" height="32"%3E%3Crect width="64" height="32" fill="%23557"/%3E%3C/svg%3E',
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { moveItem, SortableList } from './sortable-list';

const ITEMS = ['Discover', 'Radio', 'Library', 'An Extraordinarily Long Menu Item Label That Keeps Going'];

function List({ initial }: { initial: string[] }) {
  const [items, setItems] = useState(initial);
  return (
    <div className="max-w-md">
      <SortableList
        items={items}
        label="Items of Primary"
        getKey={(item) => item}
        getLabel={(item) => item}
        onMove={(from, to) => setItems((list) => moveItem(list, from, to))}
        renderItem={(item) => <span className="truncate">{item}</span>}
      />
    </div>
  );
}

/** The appearance editor's ordered lists (menu items, landing features): drag a row, or its handle and arrow keys. */
const meta = {
  title: 'Appearance/SortableList',
  component: List,
  args: { initial: ITEMS },
} satisfies Meta<typeof List>;

export default meta;
type Story = StoryObj<typeof meta>;

const order = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: 'Items of Primary' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');

export const Default: Story = {};

/** From the keyboard: focus a handle, press the down arrow, the row moves down. */
export const KeyboardMove: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Reorder Discover' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(order(canvasElement)[1]).toContain('Discover'));
  },
};

export const Empty: Story = { args: { initial: [] } };

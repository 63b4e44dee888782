import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ContentList, type TContentItem } from './content-list';

const ITEMS: TContentItem[] = [
  { model_type: 'album', model_id: 7, name: 'Night Drive', image: null },
  { model_type: 'artist', model_id: 101, name: 'The Midnight Hours', image: null },
  {
    model_type: 'playlist',
    model_id: 3,
    name: 'An Extraordinarily Long Playlist Title That Keeps Going (Summer Edition)',
    image: null,
  },
  { model_type: 'track', model_id: 12, name: 'Nightfall', image: null },
];

/** The list holds its own order, as the channel editor does with its form state. */
function Editor({ initial }: { initial: TContentItem[] }) {
  const [items, setItems] = useState(initial);
  return <ContentList items={items} onChange={setItems} />;
}

/** The channel editor's manual content list (/admin/channels): drag, Move buttons or Alt+Arrow keys. */
const meta = {
  title: 'Channels/ContentList',
  component: Editor,
  args: { initial: ITEMS },
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof Editor>;

export default meta;
type Story = StoryObj<typeof meta>;

const names = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: 'Channel content, in order' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');

export const Default: Story = {};

/** Alt+ArrowDown on a focused row moves it one down, and the move is announced. */
export const KeyboardMove: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Channel content, in order' });
    (within(list).getAllByRole('listitem')[0] as HTMLElement).focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(names(canvasElement)[1]).toContain('Night Drive'));
    expect(await within(canvasElement).findByText(/Night Drive moved to position 2 of/)).toBeTruthy();
  },
};

/** The Move buttons do the same. */
export const ButtonMove: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Move Nightfall up' }));
    expect(names(canvasElement)[2]).toContain('Nightfall');
  },
};

export const Empty: Story = { args: { initial: [] } };

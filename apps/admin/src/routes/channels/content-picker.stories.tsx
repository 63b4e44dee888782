import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { searchHandler } from '../../test/admin-channel-fixtures';
import type { TContentItem } from './content-list';
import { ContentPicker } from './content-picker';

function Picker({ chosen: initial }: { chosen: TContentItem[] }) {
  const [chosen, setChosen] = useState(initial);
  return (
    <div className="max-w-xl">
      <ContentPicker model="album" chosen={chosen} onAdd={(item) => setChosen((list) => [...list, item])} />
    </div>
  );
}

/** The channel editor's content search (`GET api/v1/search?types=albums`): add what is not listed yet. */
const meta = {
  title: 'Channels/ContentPicker',
  component: Picker,
  args: { chosen: [{ model_type: 'album', model_id: 7, name: 'Night Drive', image: null }] },
  parameters: { msw: [searchHandler()] },
} satisfies Meta<typeof Picker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Results: a listed album shows as added, another one is added on press. */
export const Results: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find albums to add' }), 'night');
    const results = await canvas.findByRole('list', { name: 'Search results' });
    expect(await within(results).findByRole('button', { name: 'Added Night Drive' })).toBeTruthy();
    await userEvent.click(within(results).getByRole('button', { name: 'Add Nightfall' }));
    expect(await within(results).findByRole('button', { name: 'Added Nightfall' })).toBeTruthy();
  },
};

export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find albums to add' }), 'zz-nothing');
    expect(await canvas.findByText('No results')).toBeTruthy();
  },
};

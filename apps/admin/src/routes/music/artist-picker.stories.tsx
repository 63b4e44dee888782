import { ZAdminArtistRowSchema } from '@cadence/contracts/admin-catalogue';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { range, storyArtistRow } from '../../test/admin-music-fixtures';
import { keysetHandler } from '../../test/admin-story-fixtures';
import { ArtistPicker, type TPickedArtist } from './artist-picker';

function Picker({ initial }: { initial: TPickedArtist | null }) {
  const [value, setValue] = useState(initial);
  return (
    <div className="max-w-md">
      <ArtistPicker
        label="Artist"
        description="The uploaded tracks are published as this artist."
        value={value}
        onChange={setValue}
      />
      <p data-testid="picked">{value?.name ?? 'none'}</p>
    </div>
  );
}

/** The admin upload's artist picker: searches the whole catalogue (`GET api/v1/admin/artists?query=`). */
const meta = {
  title: 'Music/ArtistPicker',
  component: Picker,
  args: { initial: null },
  parameters: {
    msw: [keysetHandler('admin/artists', ZAdminArtistRowSchema, () => range(8).map(storyArtistRow))],
  },
} satisfies Meta<typeof Picker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing finds artists; choosing one picks it. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: /^Artist/ }), 'Hours 2');
    const option = await within(document.body).findByRole('option', { name: /The Midnight Hours 2/ });
    await userEvent.click(option);
    await waitFor(() => expect(canvas.getByTestId('picked').textContent).toBe('The Midnight Hours 2'));
  },
};

/** A search that finds nothing says so. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox', { name: /^Artist/ }), 'zz-nothing');
    expect(await within(document.body).findByText('There are no items matching your query')).toBeTruthy();
  },
};

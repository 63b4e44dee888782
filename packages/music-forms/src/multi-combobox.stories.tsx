import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MultiComboBox, type TComboOption } from './multi-combobox';

const artists: TComboOption[] = [
  { id: 1, name: 'Nina Vale' },
  { id: 2, name: 'Night Owl' },
  { id: 3, name: 'Ané & The Band' },
  { id: 4, name: 'Harbour Lights' },
];

function Picker({ initial }: { initial: number[] }) {
  const [value, setValue] = useState(initial);
  return (
    <div className="max-w-md">
      <MultiComboBox
        label="Artists"
        options={artists}
        value={value}
        onChange={setValue}
        emptyMessage="No matching artists."
      />
      <output data-testid="picked">{value.join(',')}</output>
    </div>
  );
}

/** The release forms' artist picker: search, pick with the keyboard, remove a tag. */
const meta = {
  title: 'MusicForms/MultiComboBox',
  component: Picker,
  args: { initial: [4] },
} satisfies Meta<typeof Picker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing filters (accents ignored); arrows and Enter add; Backspace on a tag removes it. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const input = canvas.getByRole('combobox', { name: 'Artists' });
    await userEvent.click(input);
    await userEvent.keyboard('ane');
    const listbox = await body.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ané & The Band']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(canvas.getByTestId('picked')).toHaveTextContent('4,3'));
    expect(input).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    const tags = await canvas.findByRole('grid', { name: 'Artists selected' });
    expect(within(tags).getByRole('row', { name: 'Ané & The Band' })).toBeInTheDocument();

    // Already picked artists are not offered again.
    await userEvent.keyboard('har');
    expect(await body.findByText('No matching artists.')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.keyboard('{Escape}');

    within(tags).getByRole('row', { name: 'Harbour Lights' }).focus();
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(canvas.getByTestId('picked')).toHaveTextContent(/^3$/));
  },
};

export const Empty: Story = {
  args: { initial: [] },
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).queryByRole('grid')).toBeNull();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { CheckInput, SectionHeader, SelectInput, TextArea, TextInput } from './editor-fields';

function Fields({ isReadOnly }: { isReadOnly: boolean }) {
  const [name, setName] = useState('Cadence');
  const [css, setCss] = useState('.hero { color: red; }');
  const [font, setFont] = useState('inter');
  const [userChange, setUserChange] = useState(true);
  return (
    <div className="flex max-w-sm flex-col gap-4">
      <SectionHeader title="General" />
      <TextInput
        label="Site name"
        value={name}
        onChange={setName}
        isReadOnly={isReadOnly}
        description="Set with the APP_NAME environment variable of the server."
      />
      <TextArea
        label="Custom CSS"
        value={css}
        onChange={setCss}
        description="Added to the head of every page."
      />
      <SelectInput
        label="Font family"
        value={font}
        onChange={setFont}
        options={[
          { value: 'inter', label: 'Inter' },
          { value: 'system', label: 'System' },
        ]}
      />
      <CheckInput label="Users may change theme" isSelected={userChange} onChange={setUserChange} />
    </div>
  );
}

/** The appearance editor's inputs: label, optional help, the draft's value (TextInput, TextArea, SelectInput, CheckInput). */
const meta = {
  title: 'Appearance/EditorFields',
  component: Fields,
  args: { isReadOnly: false },
} satisfies Meta<typeof Fields>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each field is named by its label and described by its help. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('textbox', { name: 'Site name' });
    expect(name.getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Users may change theme' }));
    expect(
      (canvas.getByRole('checkbox', { name: 'Users may change theme' }) as HTMLInputElement).checked,
    ).toBe(false);
  },
};

export const ReadOnly: Story = { args: { isReadOnly: true } };

export const Light: Story = { globals: { theme: 'light' } };

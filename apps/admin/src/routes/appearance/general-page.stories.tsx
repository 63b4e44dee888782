import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { appearanceParameters } from '../../test/admin-appearance-fixtures';
import { expectToast, withRoutes } from '../../test/admin-story-fixtures';
import { AppearanceLayout } from './appearance-layout';
import { GeneralPage } from './general-page';

/** Appearance > General: the site name (env-level, read-only), description, logos and favicon. */
const meta = {
  title: 'Appearance/GeneralPage',
  component: GeneralPage,
  decorators: [withRoutes],
  parameters: { ...appearanceParameters(AppearanceLayout, 'general', '/appearance/general') },
} satisfies Meta<typeof GeneralPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A changed description enables Save; saving sends the contract's payload. */
export const EditAndSave: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const description = await canvas.findByRole('textbox', { name: /^Site description/ });
    await userEvent.type(description, ' Since 2026.');
    const save = canvas.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await userEvent.click(save);
    await expectToast('Appearance saved');
  },
};

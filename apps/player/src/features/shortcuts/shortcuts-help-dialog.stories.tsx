import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SHORTCUTS } from './shortcut-list';
import { ShortcutsHelpDialog } from './shortcuts-help-dialog';

/** The player's keyboard shortcuts, opened with "?" anywhere in the player (spec 9). */
const meta = {
  title: 'KeyboardShortcutsDialog',
  component: ShortcutsHelpDialog,
  args: { onClose: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Opened by the player\'s "?" shortcut through the app shell\'s modal host; lists every entry of `SHORTCUTS` (shortcut-list.ts) with its keys. Closes on Escape or an outside press.',
      },
    },
  },
} satisfies Meta<typeof ShortcutsHelpDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('dialog', { name: 'Keyboard shortcuts' });

/** Every shortcut of the map is listed; focus is inside the dialog; Escape closes it. */
export const Open: Story = {
  play: async ({ args }) => {
    const terms = within(dialog()).getAllByRole('term');
    expect(terms).toHaveLength(SHORTCUTS.length);
    await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

/** A phone's width: the list still fits (keys wrap under long labels). */
export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };

export const Light: Story = { globals: { theme: 'light' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import MenuIcon from 'lucide-react/icons/menu';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { IconButton } from '../icon-button/icon-button';
import { Drawer, DrawerTrigger } from './drawer';

const LINKS = ['Analytics', 'Settings', 'Users', 'Roles', 'Tracks'];

function Example({ side }: { side: 'start' | 'end' }) {
  return (
    <DrawerTrigger>
      <IconButton aria-label="Open navigation">
        <MenuIcon aria-hidden />
      </IconButton>
      <Drawer title="Admin" side={side} closeLabel="Close navigation">
        <nav aria-label="Admin">
          <ul className="flex flex-col gap-0.5">
            {LINKS.map((label) => (
              <li key={label}>
                <a href="#nav" className="block rounded-button px-3 py-2 text-sm hover:bg-fg-base/5">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </Drawer>
    </DrawerTrigger>
  );
}

const meta = {
  title: 'Drawer',
  component: Example,
  parameters: {
    docs: {
      description: {
        component:
          "A modal panel from the side of the screen, for the admin's and the backstage's navigation under 1024 px. `DrawerTrigger` opens it from its first child and marks that child expanded; focus moves in and stays inside until Escape, the close button or a press on the backdrop closes it, then returns to the trigger. The heading names the dialog. Pass `isOpen`/`onOpenChange` to close it from code (after a navigation, say).",
      },
    },
  },
  args: { side: 'start' },
  argTypes: { side: { control: 'inline-radio', options: ['start', 'end'] } },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

/** Opened by keyboard: a labelled modal dialog takes the focus, Tab stays inside, Escape returns to the trigger. */
export const KeyboardOpenAndClose: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Open navigation' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const body = within(document.body);
    const dialog = await body.findByRole('dialog', { name: 'Admin' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Five links and the close button: Tab wraps around and never leaves the dialog.
    for (let step = 0; step < 8; step += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  },
};

/** Left open for the axe check of the open state (the close button is its first tab stop). */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open navigation' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Admin' });
    expect(within(dialog).getByRole('navigation', { name: 'Admin' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close navigation' })).toBeTruthy();
  },
};

export const FromTheEnd: Story = {
  args: { side: 'end' },
  play: Open.play,
};

import { Button } from '@cadence/ui/button';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { confirmAction, type TConfirmOptions } from './confirm-dialog';

function ConfirmExample(props: TConfirmOptions) {
  const [answer, setAnswer] = useState<string>('');
  return (
    <div className="flex items-center gap-4">
      <Button variant="outline" onPress={async () => setAnswer(String(await confirmAction(props)))}>
        Delete user
      </Button>
      <output aria-live="polite">{answer && `Confirmed: ${answer}`}</output>
    </div>
  );
}

/** Asks before an act; resolves true only when the user confirms. Opened from any event handler. */
const meta = {
  title: 'Dialogs/ConfirmDialog',
  component: ConfirmExample,
  args: {
    title: 'Delete user?',
    body: 'Ada Lovelace, her uploads and her playlists are deleted for good.',
    confirmLabel: 'Delete',
    isDanger: true,
  },
} satisfies Meta<typeof ConfirmExample>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog is an alertdialog; its confirm button has the focus, Cancel answers false. */
export const Danger: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete user' }));
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Delete user?' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Delete' })),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await canvas.findByText('Confirmed: false')).toBeTruthy();
  },
};

export const Confirmed: Story = {
  args: {
    isDanger: false,
    title: 'Publish the album?',
    body: 'Listeners see it at once.',
    confirmLabel: 'Publish',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete user' }));
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Publish the album?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await canvas.findByText('Confirmed: true')).toBeTruthy();
  },
};

/** A very long title and body still fit the small dialog. */
export const LongText: Story = {
  args: {
    title: 'Delete the playlist "Songs for the longest train journey across the whole continent and back"?',
    body: 'Everything in it is kept in the library; only the playlist goes. '.repeat(6),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete user' }));
    await within(document.body).findByRole('alertdialog');
  },
};

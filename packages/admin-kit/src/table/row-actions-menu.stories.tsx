import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RowActionsMenu } from './row-actions-menu';

function Row() {
  const [done, setDone] = useState('');
  return (
    <div className="flex items-center gap-4">
      <span>Late Drive</span>
      <RowActionsMenu
        label="Actions for Late Drive"
        actions={[
          { id: 'privacy', label: 'Make private', onAction: () => setDone('made private') },
          { id: 'delete', label: 'Delete', isDanger: true, onAction: () => setDone('deleted') },
        ]}
      />
      <output data-testid="done">{done}</output>
    </div>
  );
}

/** A table row's actions in one menu (roles, playlists): keyboard-complete. */
const meta = { title: 'AdminKit/RowActionsMenu', component: Row } satisfies Meta<typeof Row>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'Actions for Late Drive' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await body.findByRole('menu', { name: 'Actions for Late Drive' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Make private', 'Delete']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(canvas.getByTestId('done')).toHaveTextContent('deleted'));
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await body.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
  },
};

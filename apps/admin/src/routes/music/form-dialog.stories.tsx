import { Button } from '@cadence/ui/button';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { openFormDialog } from './form-dialog';

function Opener() {
  return (
    <Button
      onPress={() =>
        void openFormDialog('New tag', (done) => (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              done();
            }}
            className="flex flex-col gap-3"
          >
            <label className="flex flex-col gap-1 text-sm">
              Name
              <input name="name" className="h-10 rounded-input border border-divider bg-bg px-3" />
            </label>
            <Button type="submit">Save</Button>
          </form>
        ))
      }
    >
      New tag
    </Button>
  );
}

/** The music pages' form dialog (`openFormDialog`): a titled dialog around a form that closes it when saved. */
const meta = {
  title: 'Music/FormDialog',
  component: Opener,
} satisfies Meta<typeof Opener>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens titled, with focus inside; the form's save closes it. */
export const OpenAndSave: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'New tag' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'New tag' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};

import { AdminForm } from '@cadence/admin-kit/admin-form';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { ZCustomPagePayloadSchema } from '@cadence/contracts/custom-page';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useWatch } from 'react-hook-form';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RichTextField } from './rich-text-field';

function Field({ body }: { body: string }) {
  const adminForm = useAdminForm({
    schema: ZCustomPagePayloadSchema,
    defaultValues: { title: 'About us', body },
    submit: async (values) => values,
    successMessage: 'Saved',
  });
  return (
    <AdminForm adminForm={adminForm} guard={false} className="max-w-3xl">
      <RichTextField name="body" label="Content" />
      <output data-testid="html">{useWatch({ control: adminForm.form.control, name: 'body' })}</output>
    </AdminForm>
  );
}

/** A custom page's content: a rich text editor (toolbar of formats) whose HTML is the form's `body`. */
const meta = {
  title: 'CustomPages/RichTextField',
  component: Field,
  args: { body: '<h2>Who we are</h2><p>A small team that loves <strong>music</strong>.</p>' },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The toolbar formats the selection: Bold makes it strong in the saved HTML. */
export const Formatting: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = canvas.getByRole('textbox', { name: 'Content' });
    await userEvent.click(editor);
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.click(canvas.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(canvas.getByTestId('html').textContent).toContain('<strong>'));
  },
};

export const Empty: Story = { args: { body: '' } };

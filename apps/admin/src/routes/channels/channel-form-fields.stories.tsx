import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChannelFormFields, type TChannelForm, ZChannelFormSchema } from './channel-form-fields';

const MANUAL: TChannelForm = {
  name: 'Staff picks',
  slug: 'staff-picks',
  description: '',
  config: { content_type: 'manual', content_model: 'album', layout: 'grid' },
};

function Form({ initial, onSubmit }: { initial: TChannelForm; onSubmit: () => void }) {
  const adminForm = useAdminForm({
    schema: ZChannelFormSchema,
    defaultValues: initial,
    submit: async (values) => {
      onSubmit();
      return values;
    },
    successMessage: 'Saved',
  });
  return (
    <AdminForm adminForm={adminForm} guard={false} className="flex max-w-2xl flex-col gap-4">
      <ChannelFormFields />
      <div>
        <SubmitButton />
      </div>
    </AdminForm>
  );
}

/** The channel editor's fields: name, slug, content model and type, the automatic method, layout, SEO. */
const meta = {
  title: 'Channels/ChannelFormFields',
  component: Form,
  args: { initial: MANUAL, onSubmit: fn() },
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Manual: Story = {};

/** An automatic list: the method select appears. */
export const Auto: Story = {
  args: {
    initial: { ...MANUAL, config: { ...MANUAL.config, content_type: 'auto', auto_method: 'popular_albums' } },
  },
  play: async ({ canvasElement }) => {
    const method = within(canvasElement).getByRole('combobox', {
      name: /^Auto-update method/,
    }) as HTMLSelectElement;
    expect(method.value).toBe('popular_albums');
  },
};

/** Without a name: the field is marked invalid with the contract's message, nothing is sent. */
export const NameMissing: Story = {
  args: { initial: { ...MANUAL, name: '' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const name = canvas.getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { ZProductInputSchema } from '@cadence/contracts/billing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyPlan } from '../../test/admin-billing-fixtures';
import { PlanPricesField } from './plan-prices-field';

/** The plan form around the field, with a plan's prices from the contract-parsed fixture. */
function Form({ free, withPrices, onSubmit }: { free: boolean; withPrices: boolean; onSubmit: () => void }) {
  const plan = storyPlan(2);
  const adminForm = useAdminForm({
    schema: ZProductInputSchema,
    defaultValues: { name: plan.name, free, prices: withPrices ? plan.prices : [] },
    submit: async (values) => {
      onSubmit();
      return values;
    },
    successMessage: 'Saved',
  });
  return (
    <AdminForm adminForm={adminForm} guard={false} className="flex max-w-3xl flex-col gap-4">
      <PlanPricesField />
      <div>
        <SubmitButton />
      </div>
    </AdminForm>
  );
}

/** A plan's prices (the plan editor): amount, currency, interval; a price subscribers pay is archived, not removed. */
const meta = {
  title: 'Billing/PlanPricesField',
  component: Form,
  args: { free: false, withPrices: true, onSubmit: fn() },
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByText(/3 subscribers pay this price/)).toBeTruthy();
  },
};

/** A paid plan without prices: the list says one is needed, nothing is sent. */
export const NoPrice: Story = {
  args: { withPrices: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    expect(await canvas.findByText('A paid plan needs at least one price.')).toBeTruthy();
    expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A bad currency code: the field's message. */
export const BadCurrency: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [currency] = canvas.getAllByRole('textbox', { name: /Currency/ });
    await userEvent.clear(currency!);
    await userEvent.type(currency!, 'E1');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    expect(await canvas.findByText('Enter a three-letter currency code.')).toBeTruthy();
  },
};

export const Free: Story = { args: { free: true, withPrices: false } };

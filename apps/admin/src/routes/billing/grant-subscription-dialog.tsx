import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormSelect, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminUserListItem } from '@cadence/contracts/admin-users';
import { type TProduct, type TSubscription, ZGrantSubscriptionInputSchema } from '@cadence/contracts/billing';
import type { TPagination } from '@cadence/contracts/pagination';
import { formatDisplayPrice } from '@cadence/contracts/pricing';
import { apiClient } from '@cadence/http-client/http-client';
import { HttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';

/** The dialog's fields: the user by email (as admins know them), then the contract's plan and price. */
const ZGrantFormSchema = z.object({
  email: z.email(),
  product_id: z.string({ error: 'Choose a plan.' }).min(1, 'Choose a plan.').transform(Number),
  price_id: z
    .string()
    .nullable()
    .optional()
    .transform((value) => (value ? Number(value) : null)),
});
type TForm = z.input<typeof ZGrantFormSchema>;

async function userIdByEmail(email: string): Promise<number> {
  const page = await apiClient.get<TPagination<TAdminUserListItem>>('users', {
    params: { query: email, perPage: 10 },
  });
  const user = page.pagination.data.find((item) => item.email.toLowerCase() === email.toLowerCase());
  if (!user) throw new HttpError({ status: 422, errors: { email: ['No user has this email.'] } });
  return user.id;
}

function PriceSelect({ plans }: { plans: TProduct[] }) {
  const { trans } = useTrans();
  const productId = useWatch<TForm, 'product_id'>({ name: 'product_id' });
  const plan = plans.find((item) => String(item.id) === productId);
  return (
    <FormSelect<TForm>
      name="price_id"
      label={trans('Price')}
      emptyLabel={trans('No price (free of charge)')}
      options={(plan?.prices ?? [])
        .filter((price) => !price.archived)
        .map((price) => ({
          value: String(price.id),
          label: `${formatDisplayPrice(price)} / ${price.interval}`,
        }))}
    />
  );
}

/** "Grant subscription": a plan given by hand, without a provider; refused while the user holds one. */
export function GrantSubscriptionDialog({
  plans,
  close,
}: {
  plans: TProduct[];
  close: (granted?: boolean) => void;
}) {
  const { trans } = useTrans();
  const adminForm = useAdminForm({
    schema: ZGrantFormSchema,
    defaultValues: { email: '', product_id: '', price_id: null },
    submit: async (values) => {
      const payload = ZGrantSubscriptionInputSchema.parse({
        user_id: await userIdByEmail(values.email),
        product_id: values.product_id,
        price_id: values.price_id,
      });
      return apiClient.post<{ subscription: TSubscription }>('billing/admin/subscriptions', payload);
    },
    successMessage: trans('Subscription granted'),
    onSuccess: () => close(true),
  });
  return (
    <Dialog isOpen onOpenChange={(open) => !open && close()} size="md">
      <DialogHeader closeLabel={trans('Close')}>{trans('Grant subscription')}</DialogHeader>
      <AdminForm adminForm={adminForm} guard={false}>
        <DialogBody className="flex flex-col gap-4">
          <FormTextField<TForm>
            name="email"
            label={trans('User email')}
            type="email"
            isRequired
            autoComplete="off"
          />
          <FormSelect<TForm>
            name="product_id"
            label={trans('Plan')}
            isRequired
            emptyLabel={trans('Choose a plan')}
            options={plans.map((plan) => ({ value: String(plan.id), label: plan.name }))}
          />
          <PriceSelect plans={plans} />
        </DialogBody>
        <DialogFooter>
          <Button variant="text" onPress={() => close()}>
            {trans('Cancel')}
          </Button>
          <SubmitButton>{trans('Grant')}</SubmitButton>
        </DialogFooter>
      </AdminForm>
    </Dialog>
  );
}

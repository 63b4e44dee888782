import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormCheckbox, FormTextarea, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { adminListKey } from '@cadence/admin-kit/use-admin-list';
import { useTrans } from '@cadence/app-shell/use-trans';
import { type TProduct, type TProductInput, ZProductInputSchema } from '@cadence/contracts/billing';
import { apiClient } from '@cadence/http-client/http-client';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { PermissionsEditor } from '../../components/permissions-editor';
import { PlanPricesField } from './plan-prices-field';
import { PLANS_ENDPOINT } from './plans-page';

type TForm = TProductInput;
type TProductAnswer = { product: TProduct };

/** One feature a line: the form keeps the contract's list. */
function FeatureListField() {
  const { trans } = useTrans();
  const id = useId();
  const { control } = useFormContext<TForm>();
  const { field, fieldState } = useController({ control, name: 'feature_list' });
  const value = (field.value ?? []).join('\n');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {trans('Features')}
      </label>
      <textarea
        id={id}
        ref={field.ref}
        rows={4}
        defaultValue={value}
        onBlur={field.onBlur}
        onChange={(event) =>
          field.onChange(
            event.target.value
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
          )
        }
        aria-describedby={`${id}-help`}
        aria-invalid={fieldState.error ? true : undefined}
        className="w-full rounded-input border border-divider bg-transparent px-3 py-2 text-sm text-fg outline-none focus:border-primary focus:ring-3 focus:ring-focus"
      />
      <p id={`${id}-help`} className="text-xs text-muted">
        {trans('One feature per line, shown on the pricing page.')}
      </p>
      {fieldState.error && <p className="text-xs text-danger">{fieldState.error.message}</p>}
    </div>
  );
}

/**
 * The role a subscriber gets: permission names. music.create's `minutes` restriction is the
 * plan's Upload minutes, so the editor shows and edits that same value.
 */
function PlanPermissionsField() {
  const { trans } = useTrans();
  const { control } = useFormContext<TForm>();
  const { field } = useController({ control, name: 'permissions' });
  const { field: minutes } = useController({ control, name: 'upload_minutes' });
  const names = field.value ?? [];
  return (
    <PermissionsEditor
      label={trans('Permissions a subscriber gets')}
      value={names.map((name) => ({
        name,
        restrictions:
          name === 'music.create' && typeof minutes.value === 'number'
            ? [{ name: 'minutes', value: minutes.value }]
            : [],
      }))}
      onChange={(grants) => {
        field.onChange(grants.map((grant) => grant.name));
        const upload = grants.find((grant) => grant.name === 'music.create');
        // Untouched unless music.create is (or was) in the list: the minutes field stands alone.
        if (!upload && !names.includes('music.create')) return;
        const value = upload?.restrictions?.find((restriction) => restriction.name === 'minutes')?.value;
        minutes.onChange(typeof value === 'number' ? value : null);
      }}
    />
  );
}

function PlanForm({ plan }: { plan?: TProduct }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const adminForm = useAdminForm({
    schema: ZProductInputSchema,
    defaultValues: {
      name: plan?.name ?? '',
      description: plan?.description ?? '',
      feature_list: plan?.feature_list ?? [],
      position: plan?.position ?? 0,
      recommended: plan?.recommended ?? false,
      free: plan?.free ?? false,
      hidden: plan?.hidden ?? false,
      upload_minutes: plan?.upload_minutes ?? null,
      permissions: plan?.permissions ?? [],
      prices: plan?.prices ?? [],
    },
    submit: (values) =>
      plan
        ? apiClient.put<TProductAnswer>(`${PLANS_ENDPOINT}/${plan.id}`, values)
        : apiClient.post<TProductAnswer>(PLANS_ENDPOINT, values),
    successMessage: plan ? trans('Plan updated') : trans('Plan created'),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: adminListKey(PLANS_ENDPOINT) });
      await queryClient.invalidateQueries({ queryKey: ['admin-plan'] });
      if (!plan) navigate(`/plans/${result.product.id}/edit`, { replace: true });
    },
  });
  return (
    <AdminForm adminForm={adminForm} className="flex max-w-3xl flex-col gap-5">
      <FormTextField<TForm> name="name" label={trans('Name')} isRequired />
      <FormTextarea<TForm> name="description" label={trans('Description')} />
      <FeatureListField />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField<TForm>
          name="upload_minutes"
          type="number"
          label={trans('Upload minutes')}
          description={trans('Leave empty for unlimited upload time.')}
        />
        <FormTextField<TForm>
          name="position"
          type="number"
          label={trans('Position')}
          description={trans('Plans are shown in this order.')}
        />
      </div>
      <FormCheckbox<TForm>
        name="free"
        label={trans('Free')}
        description={trans('Everyone without a paid plan gets this one.')}
      />
      <FormCheckbox<TForm> name="recommended" label={trans('Recommended')} />
      <FormCheckbox<TForm>
        name="hidden"
        label={trans('Hidden')}
        description={trans('Not shown on the pricing page; current subscribers keep it.')}
      />
      <PlanPricesField />
      <PlanPermissionsField />
      <div>
        <SubmitButton>{plan ? trans('Save') : trans('Create')}</SubmitButton>
      </div>
    </AdminForm>
  );
}

/** /admin/plans/new and /admin/plans/{productId}/edit. Saving syncs the plan to each enabled provider. */
export function PlanEditPage() {
  const { trans } = useTrans();
  const { productId } = useParams();
  const plan = useQuery({
    queryKey: ['admin-plan', productId],
    queryFn: () => apiClient.get<TProductAnswer>(`${PLANS_ENDPOINT}/${productId}`),
    enabled: !!productId,
  });
  return (
    <section className="flex flex-col gap-4" data-testid="plan-edit-page">
      <nav aria-label={trans('Breadcrumbs')} className="text-sm text-muted">
        <Link to="/plans" className="underline hover:text-fg">
          {trans('Plans')}
        </Link>{' '}
        / <span>{productId ? (plan.data?.product.name ?? '…') : trans('New')}</span>
      </nav>
      <h1 className="text-2xl font-semibold">{productId ? trans('Edit plan') : trans('New plan')}</h1>
      {productId && plan.isPending ? (
        <Spinner label={trans('Loading...')} />
      ) : productId && !plan.data ? (
        <p role="alert">{trans('This plan could not be loaded.')}</p>
      ) : (
        <PlanForm key={plan.dataUpdatedAt} plan={plan.data?.product} />
      )}
    </section>
  );
}

import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { confirmAction } from '@cadence/admin-kit/confirm-dialog';
import { FormCheckbox, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import { ZAdminUpdateUserPayloadSchema } from '@cadence/contracts/admin-users';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { useId, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useOutletContext } from 'react-router';
import { z } from 'zod';
import { type TAdminUser, useSaveUser } from './use-admin-user';
import { useAllRoles } from './use-roles';

const ZDetailsSchema = ZAdminUpdateUserPayloadSchema.pick({
  name: true,
  email: true,
  first_name: true,
  last_name: true,
}).extend({
  email_verified: z.boolean(),
  roles: z.array(z.number()).max(50),
});
type TDetails = z.input<typeof ZDetailsSchema>;

function RolesField() {
  const { trans } = useTrans();
  const roles = useAllRoles();
  const { control } = useFormContext<TDetails>();
  const { field, fieldState } = useController({ name: 'roles', control });
  const value = field.value ?? [];
  return (
    <fieldset
      className="flex flex-col gap-2"
      ref={(node) => field.ref(node ? { focus: () => node.querySelector('input')?.focus() } : null)}
    >
      <legend className="pb-1 text-sm font-medium">{trans('Roles')}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(roles.data ?? []).map((role) => (
          <label key={role.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={value.includes(role.id)}
              onChange={(event) =>
                field.onChange(
                  event.target.checked ? [...value, role.id] : value.filter((id) => id !== role.id),
                )
              }
            />
            {role.name}
          </label>
        ))}
      </div>
      {fieldState.error?.message && <p className="text-xs text-danger">{fieldState.error.message}</p>}
    </fieldset>
  );
}

function BanPanel({ user }: { user: TAdminUser }) {
  const { trans } = useTrans();
  const save = useSaveUser(String(user.id));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();

  async function run(payload: Record<string, unknown>, message: string) {
    try {
      await save(payload);
      toast.positive(message);
      setError(null);
    } catch (failure) {
      const text = isHttpError(failure)
        ? failure.message
        : trans('There was an issue. Please try again later.');
      setError(text);
      toast.danger(text);
    }
  }

  if (user.banned_at) {
    return (
      <section
        className="flex flex-col gap-2 rounded-panel border border-danger/40 p-4"
        aria-labelledby={`${reasonId}-h`}
      >
        <h2 id={`${reasonId}-h`} className="font-semibold">
          {trans('Suspended since :date', { date: new Date(user.banned_at).toLocaleString() })}
        </h2>
        {user.ban_reason && (
          <p className="text-sm">{trans('Reason: :reason', { reason: user.ban_reason })}</p>
        )}
        <div>
          <Button variant="outline" onPress={() => void run({ banned_at: null }, trans('User unsuspended'))}>
            {trans('Unsuspend')}
          </Button>
        </div>
      </section>
    );
  }
  return (
    <section
      className="flex flex-col gap-2 rounded-panel border border-divider p-4"
      aria-labelledby={`${reasonId}-h`}
    >
      <h2 id={`${reasonId}-h`} className="font-semibold">
        {trans('Suspend account')}
      </h2>
      <p className="text-sm text-muted">
        {trans('A suspended user is signed out of the app at once and sees the suspended screen.')}
      </p>
      <label htmlFor={reasonId} className="text-sm font-medium">
        {trans('Reason')}
      </label>
      <textarea
        id={reasonId}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        rows={2}
        className="w-full rounded-input border border-divider bg-transparent px-3 py-2 text-sm outline-none focus:border-primary focus:ring-3 focus:ring-focus"
      />
      {error && <p className="text-xs text-danger">{error}</p>}
      <div>
        <Button
          variant="outline"
          onPress={async () => {
            const ok = await confirmAction({
              title: trans('Suspend :email?', { email: user.email }),
              body: trans('They will not be able to use the site until unsuspended.'),
              confirmLabel: trans('Suspend'),
              isDanger: true,
            });
            if (ok)
              await run(
                { banned_at: new Date().toISOString(), ban_reason: reason.trim() || null },
                trans('User suspended'),
              );
          }}
        >
          {trans('Suspend')}
        </Button>
      </div>
    </section>
  );
}

/** Details tab (default): name, email, avatar, roles, email verified, suspend/unsuspend. */
export function UserDetailsTab() {
  const { trans } = useTrans();
  const user = useOutletContext<TAdminUser>();
  const save = useSaveUser(String(user.id));
  const adminForm = useAdminForm({
    schema: ZDetailsSchema,
    defaultValues: {
      name: user.name,
      email: user.email,
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      email_verified: !!user.email_verified_at,
      roles: user.roles.map((role) => role.id),
    },
    submit: ({ email_verified, ...values }) =>
      save({
        ...values,
        email_verified_at: email_verified ? (user.email_verified_at ?? new Date().toISOString()) : null,
      }),
    successMessage: trans('User updated'),
  });
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div className="flex items-center gap-4">
        {user.image ? (
          <img
            src={user.image}
            alt={trans('Avatar of :name', { name: user.name })}
            className="size-16 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-16 items-center justify-center rounded-full bg-primary/15 text-2xl font-medium text-primary"
          >
            {user.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="text-sm text-muted">
          {trans('Member since :date', { date: new Date(user.created_at).toLocaleDateString() })}
        </div>
      </div>
      <AdminForm adminForm={adminForm}>
        <FormTextField<TDetails> name="name" label={trans('Name')} />
        <FormTextField<TDetails> name="email" label={trans('Email')} type="email" isRequired />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField<TDetails> name="first_name" label={trans('First name')} />
          <FormTextField<TDetails> name="last_name" label={trans('Last name')} />
        </div>
        <FormCheckbox<TDetails> name="email_verified" label={trans('Email verified')} />
        <RolesField />
        <div>
          <SubmitButton />
        </div>
      </AdminForm>
      <BanPanel user={user} />
    </div>
  );
}

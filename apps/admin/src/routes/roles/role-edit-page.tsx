import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormCheckbox, FormTextarea, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import { type TAdminRole, type TAdminRoleResponse, ZRolePayloadSchema } from '@cadence/contracts/admin-roles';
import type { TAdminUserListItem } from '@cadence/contracts/admin-users';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { GrantsField } from '../users/user-permissions-tab';

type TForm = z.input<typeof ZRolePayloadSchema>;

function RoleUsers({ role }: { role: TAdminRole }) {
  const { trans } = useTrans();
  const users = useQuery({
    queryKey: ['admin-list', 'users', 'role', role.id],
    queryFn: () =>
      apiClient.get<TPagination<TAdminUserListItem>>('users', { params: { role: role.id, perPage: 10 } }),
  });
  const page = users.data?.pagination;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="role-users-h">
      <h2 id="role-users-h" className="text-base font-semibold">
        {trans('Users in this role')}
      </h2>
      {!page ? (
        <Spinner size="sm" label={trans('Loading...')} />
      ) : page.total === 0 ? (
        <p className="text-sm text-muted">{trans('Nobody has this role yet.')}</p>
      ) : (
        <>
          <ul className="text-sm">
            {page.data.map((user) => (
              <li key={user.id}>
                <Link to={`/users/${user.id}`} className="inline-block py-1 hover:underline">
                  {user.email}
                </Link>
              </li>
            ))}
          </ul>
          <Link to={`/users?role=${role.id}`} className="text-sm text-primary hover:underline">
            {trans('{count, plural, one {The # user in this role} other {All # users in this role}}', {
              count: String(page.total),
            })}
          </Link>
        </>
      )}
    </section>
  );
}

function RoleForm({ role }: { role?: TAdminRole }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const adminForm = useAdminForm({
    schema: ZRolePayloadSchema,
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      default: role?.default ?? false,
      guests: role?.guests ?? false,
      permissions: role?.permissions ?? [],
    },
    submit: (values) =>
      role
        ? apiClient.put<TAdminRoleResponse>(`roles/${role.id}`, values)
        : apiClient.post<TAdminRoleResponse>('roles', values),
    successMessage: role ? trans('Role updated') : trans('Role created'),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ['admin-list', 'roles'] });
      await queryClient.invalidateQueries({ queryKey: ['admin-role'] });
      if (!role) navigate(`/roles/${result.role.id}/edit`, { replace: true });
    },
  });
  return (
    <AdminForm adminForm={adminForm} className="flex max-w-3xl flex-col gap-4">
      <FormTextField<TForm> name="name" label={trans('Name')} isRequired />
      <FormTextarea<TForm> name="description" label={trans('Description')} />
      <FormCheckbox<TForm>
        name="default"
        label={trans('Default for new users')}
        description={trans('Given to every account created from now on.')}
      />
      <FormCheckbox<TForm>
        name="guests"
        label={trans('Guests')}
        description={trans('What visitors who are not signed in may do. Only one role has this.')}
      />
      <GrantsField label={trans('Permissions')} />
      <div>
        <SubmitButton>{role ? trans('Save') : trans('Create')}</SubmitButton>
      </div>
    </AdminForm>
  );
}

/** /admin/roles/new and /admin/roles/{roleId}/edit. */
export function RoleEditPage() {
  const { trans } = useTrans();
  const { roleId } = useParams();
  const role = useQuery({
    queryKey: ['admin-role', roleId],
    queryFn: () => apiClient.get<TAdminRoleResponse>(`roles/${roleId}`),
    enabled: !!roleId,
  });
  const title = roleId ? trans('Edit role') : trans('New role');
  return (
    <section className="flex flex-col gap-4" data-testid="role-edit-page">
      <nav aria-label={trans('Breadcrumbs')} className="text-sm text-muted">
        <Link to="/roles" className="hover:text-fg">
          {trans('Roles')}
        </Link>{' '}
        / <span>{roleId ? (role.data?.role.name ?? '…') : trans('New')}</span>
      </nav>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {roleId && role.isPending ? (
        <Spinner label={trans('Loading...')} />
      ) : roleId && !role.data ? (
        <p role="alert">{trans('This role could not be loaded.')}</p>
      ) : (
        <div className="flex flex-col gap-8 lg:flex-row">
          <RoleForm key={role.data?.role.updated_at ?? 'new'} role={role.data?.role} />
          {role.data && (
            <aside className="lg:w-64">
              <RoleUsers role={role.data.role} />
            </aside>
          )}
        </div>
      )}
    </section>
  );
}

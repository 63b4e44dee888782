import { confirmAction } from '@cadence/admin-kit/confirm-dialog';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { useOutletContext } from 'react-router';
import { type TAdminUser, useRefreshUser } from './use-admin-user';

/** API tab: the user's access tokens, each revocable. */
export function UserApiTab() {
  const { trans } = useTrans();
  const user = useOutletContext<TAdminUser>();
  const refresh = useRefreshUser(String(user.id));
  async function revoke(token: TAdminUser['tokens'][number]) {
    const ok = await confirmAction({
      title: trans('Revoke ":name"?', { name: token.name }),
      body: trans('Scripts using this token stop working at once.'),
      confirmLabel: trans('Revoke'),
      isDanger: true,
    });
    if (!ok) return;
    try {
      await apiClient.delete(`users/${user.id}/tokens/${token.id}`);
      toast.positive(trans('Token deleted'));
      await refresh();
    } catch (error) {
      toast.danger(isHttpError(error) ? error.message : trans('There was an issue. Please try again later.'));
    }
  }
  if (user.tokens.length === 0)
    return <p className="text-muted">{trans('This user has no access tokens.')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full max-w-3xl border-collapse text-sm" aria-label={trans('Access tokens')}>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col" className="border-b border-divider px-3 py-2 font-medium">
              {trans('Name')}
            </th>
            <th scope="col" className="border-b border-divider px-3 py-2 font-medium">
              {trans('Last used')}
            </th>
            <th scope="col" className="border-b border-divider px-3 py-2 font-medium">
              <span className="sr-only">{trans('Actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {user.tokens.map((token) => (
            <tr key={token.id}>
              <td className="border-b border-divider px-3 py-2">{token.name}</td>
              <td className="border-b border-divider px-3 py-2">
                {token.last_used_at ? new Date(token.last_used_at).toLocaleString() : trans('Never')}
              </td>
              <td className="border-b border-divider px-3 py-2 text-right">
                <Button
                  size="sm"
                  variant="outline"
                  onPress={() => void revoke(token)}
                  aria-label={trans('Revoke :name', { name: token.name })}
                >
                  {trans('Revoke')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

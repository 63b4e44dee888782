import type { TAccountUser } from '@cadence/contracts/account';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportError } from '../report-error';
import { toast } from '../toast-store';
import { useTrans } from '../use-trans';
import { accountKeys } from './account-queries';
import { confirmAction } from './confirm-dialog';
import { CreateTokenDialog } from './create-token-dialog';
import { formatRelativeTime } from './relative-time';
import { SettingsPanel } from './settings-panel';

/** Spec 2.6 API access tokens (shown only when the API is integrated and the user has api.access). */
export function AccessTokensPanel({ user }: { user: TAccountUser }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [isCreating, setIsCreating] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.user });

  const remove = async (id: number) => {
    const isConfirmed = await confirmAction({
      title: trans('Delete token?'),
      body: trans('This token will be deleted immediately and can no longer be used to access the API.'),
      confirmLabel: trans('Delete'),
    });
    if (!isConfirmed) return;
    try {
      await apiClient.delete(`access-tokens/${id}`);
      toast.positive(trans('Token deleted'));
      await refresh();
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <SettingsPanel
      id="developers"
      title={trans('API access tokens')}
      description={
        <>
          {trans('You can create personal access tokens to access the API.')}{' '}
          {/* Underlined at rest: a link inside running text must not be told apart by colour alone (axe link-in-text-block). */}
          <a
            href="/api-docs"
            target="_blank"
            rel="noreferrer"
            className="text-primary underline underline-offset-2"
          >
            {trans('Documentation')}
          </a>
        </>
      }
    >
      {user.tokens.length === 0 ? (
        <p className="text-sm text-muted" data-testid="tokens-empty">
          {trans('You have not created any personal access tokens yet.')}
        </p>
      ) : (
        <ul className="divide-y divide-divider" data-testid="token-list">
          {user.tokens.map((token) => (
            <li key={token.id} className="flex items-center gap-4 py-3">
              <div className="min-w-0 flex-auto">
                <div className="truncate text-sm font-medium">{token.name}</div>
                <div className="text-xs text-muted">
                  {trans('Last used')}:{' '}
                  {token.last_used_at
                    ? (formatRelativeTime(token.last_used_at) ?? trans('a few seconds ago'))
                    : trans('Never')}
                </div>
              </div>
              <Button size="sm" variant="outline" onPress={() => void remove(token.id)}>
                {trans('Delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button className="mt-6" onPress={() => setIsCreating(true)}>
        {trans('Create token')}
      </Button>
      {isCreating && (
        <CreateTokenDialog onClose={() => setIsCreating(false)} onCreated={() => void refresh()} />
      )}
    </SettingsPanel>
  );
}

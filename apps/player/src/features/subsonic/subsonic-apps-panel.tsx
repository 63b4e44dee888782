import { reportError } from '@cadence/app-shell/report-error';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TSubsonicAccount } from '@cadence/contracts/subsonic';
import { Button } from '@cadence/ui/button';
import { Checkbox } from '@cadence/ui/checkbox';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { subsonicAccountQueryOptions, subsonicActions, subsonicKeys } from './subsonic-queries';

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 py-1 text-sm">
      <dt className="w-32 text-muted">{label}</dt>
      <dd className="break-all font-mono" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Account settings' "Subsonic apps" (issue 35): what to type into DSub, Symfonium or Feishin,
 * the per-user switch, and an app password shown once (a new one replaces it; revoke stops it).
 */
export function SubsonicAppsPanel() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const { data: account } = useQuery(subsonicAccountQueryOptions());
  const [password, setPassword] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  if (!account?.is_available) return null;

  const run = async (action: () => Promise<{ subsonic: TSubsonicAccount }>, done?: string) => {
    setIsPending(true);
    try {
      const answer = await action();
      queryClient.setQueryData(subsonicKeys.account, answer.subsonic);
      if (done) toast.positive(trans(done));
      return answer;
    } catch (error) {
      reportError(error);
      return null;
    } finally {
      setIsPending(false);
    }
  };

  const makePassword = async () => {
    const answer = await run(subsonicActions.newPassword);
    if (answer && 'app_password' in answer) setPassword(answer.app_password as string);
  };

  const revoke = async () => {
    if (!window.confirm(trans('Apps signed in with this app password will stop working. Revoke it?'))) return;
    setPassword(null);
    await run(subsonicActions.revokePassword, 'App password revoked');
  };

  return (
    <section
      id="subsonic-apps"
      aria-labelledby="subsonic-apps-title"
      className="scroll-mt-6 rounded-panel border border-divider bg-paper p-6"
      data-testid="panel-subsonic-apps"
    >
      <h2 id="subsonic-apps-title" className="text-lg font-semibold">
        {trans('Subsonic apps')}
      </h2>
      <div className="mt-1 text-sm text-muted">
        {trans(
          'Play your library in apps that speak the Subsonic API. Sign in to them with an app password, not your account password.',
        )}
      </div>
      <div className="mt-6 space-y-4">
        <Checkbox
          isSelected={account.is_enabled}
          isDisabled={isPending}
          onChange={(isEnabled) => void run(() => subsonicActions.setEnabled({ is_enabled: isEnabled }))}
        >
          {trans('Allow Subsonic apps to use my account')}
        </Checkbox>
        <dl>
          <Detail label={trans('Server URL')} value={account.server_url} testId="subsonic-server-url" />
          <Detail label={trans('Username')} value={account.username} testId="subsonic-username" />
          <Detail
            label={trans('App password')}
            value={password ?? (account.has_password ? '••••••••' : trans('None yet'))}
            testId="subsonic-app-password"
          />
        </dl>
        {password && (
          <p className="text-sm" role="status">
            {trans('Copy this app password now: it will not be shown again.')}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button isDisabled={isPending} onPress={() => void makePassword()}>
            {account.has_password ? trans('Make a new app password') : trans('Make an app password')}
          </Button>
          {account.has_password && (
            <Button variant="outline" isDisabled={isPending} onPress={() => void revoke()}>
              {trans('Revoke')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

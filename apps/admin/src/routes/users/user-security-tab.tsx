import { confirmAction } from '@cadence/admin-kit/confirm-dialog';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPasswordResetLinkResponse } from '@cadence/contracts/admin-users';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { type TAdminUser, useRefreshUser } from './use-admin-user';

const section = 'flex flex-col gap-3 rounded-panel border border-divider p-4';

/** Security tab: two-factor state with a reset, active sessions with "log out everywhere", a password reset link. */
export function UserSecurityTab() {
  const { trans } = useTrans();
  const user = useOutletContext<TAdminUser>();
  const refresh = useRefreshUser(String(user.id));
  const [link, setLink] = useState<TPasswordResetLinkResponse | null>(null);

  async function act(
    confirm: { title: string; body: string; label: string } | null,
    run: () => Promise<unknown>,
    done: string,
  ) {
    if (
      confirm &&
      !(await confirmAction({
        title: confirm.title,
        body: confirm.body,
        confirmLabel: confirm.label,
        isDanger: true,
      }))
    )
      return;
    try {
      await run();
      toast.positive(done);
      await refresh();
    } catch (error) {
      toast.danger(isHttpError(error) ? error.message : trans('There was an issue. Please try again later.'));
    }
  }

  const twoFactorLabel = {
    enabled: trans('Enabled'),
    finishing: trans('Being set up'),
    disabled: trans('Not enabled'),
  }[user.two_factor_status];

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <section className={section} aria-labelledby="tfa-h">
        <h2 id="tfa-h" className="font-semibold">
          {trans('Two-factor authentication')}
        </h2>
        <p className="text-sm" data-testid="two-factor-state">
          {twoFactorLabel}
        </p>
        {user.two_factor_status !== 'disabled' && (
          <div>
            <Button
              variant="outline"
              onPress={() =>
                void act(
                  {
                    title: trans('Reset two-factor authentication?'),
                    body: trans('The user signs in with their password only until they set it up again.'),
                    label: trans('Reset'),
                  },
                  () => apiClient.delete(`users/${user.id}/two-factor`),
                  trans('Two factor authentication has been disabled.'),
                )
              }
            >
              {trans('Reset two-factor')}
            </Button>
          </div>
        )}
      </section>

      <section className={section} aria-labelledby="sessions-h">
        <h2 id="sessions-h" className="font-semibold">
          {trans('Active sessions')}
        </h2>
        {user.sessions.length === 0 ? (
          <p className="text-sm text-muted">{trans('No active sessions.')}</p>
        ) : (
          <ul className="divide-y divide-divider text-sm">
            {user.sessions.map((session) => (
              <li key={session.id} className="py-2">
                <span className="font-medium">
                  {[session.browser, session.platform].filter(Boolean).join(' · ') || trans('Unknown device')}
                </span>
                <span className="block text-xs text-muted">
                  {[session.ip_address, session.city, session.country].filter(Boolean).join(', ')} ·{' '}
                  {trans('Last active :date', { date: new Date(session.last_active).toLocaleString() })}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button
            variant="outline"
            isDisabled={user.sessions.length === 0 && user.tokens.length === 0}
            onPress={() =>
              void act(
                {
                  title: trans('Log out everywhere?'),
                  body: trans('Every session and access token of this user ends now.'),
                  label: trans('Log out everywhere'),
                },
                () => apiClient.delete(`users/${user.id}/sessions`),
                trans('Logged out everywhere.'),
              )
            }
          >
            {trans('Log out everywhere')}
          </Button>
        </div>
      </section>

      <section className={section} aria-labelledby="reset-h">
        <h2 id="reset-h" className="font-semibold">
          {trans('Password reset link')}
        </h2>
        <p className="text-sm text-muted">
          {trans('A new link replaces the previous one and works for an hour.')}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onPress={() =>
              void act(
                null,
                async () =>
                  setLink(
                    await apiClient.post<TPasswordResetLinkResponse>(`users/${user.id}/password-reset-link`, {
                      send_email: false,
                    }),
                  ),
                trans('Link created'),
              )
            }
          >
            {trans('Create link')}
          </Button>
          <Button
            variant="outline"
            onPress={() =>
              void act(
                null,
                async () =>
                  setLink(
                    await apiClient.post<TPasswordResetLinkResponse>(`users/${user.id}/password-reset-link`, {
                      send_email: true,
                    }),
                  ),
                trans('Link sent to :email', { email: user.email }),
              )
            }
          >
            {trans('Email a link')}
          </Button>
        </div>
        {link && (
          <div className="flex flex-col gap-1">
            <label htmlFor="reset-link" className="text-sm font-medium">
              {trans('Link')}
            </label>
            <input
              id="reset-link"
              readOnly
              value={link.url}
              onFocus={(event) => event.target.select()}
              className="h-10 w-full rounded-input border border-divider bg-bg-alt px-3 font-mono text-xs"
            />
          </div>
        )}
      </section>
    </div>
  );
}

import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import MonitorIcon from 'lucide-react/icons/monitor';
import SmartphoneIcon from 'lucide-react/icons/smartphone';
import TabletIcon from 'lucide-react/icons/tablet';
import { useState } from 'react';
import { reportError } from '../report-error';
import { toast } from '../toast-store';
import { useBootstrapData } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { accountKeys, userSessionsQueryOptions } from './account-queries';
import { withPasswordConfirmation } from './password-confirmation';
import { formatRelativeTime } from './relative-time';
import { deviceIcon, sessionAddressLabel } from './session-labels';
import { SettingsPanel } from './settings-panel';

const ICONS = { mobile: SmartphoneIcon, tablet: TabletIcon, computer: MonitorIcon };

/** Spec 2.6 active sessions. */
export function SessionsPanel() {
  const { trans } = useTrans();
  const { i18n } = useBootstrapData();
  const queryClient = useQueryClient();
  const sessions = useQuery(userSessionsQueryOptions());
  const [isPending, setIsPending] = useState(false);

  const logoutOthers = async () => {
    setIsPending(true);
    try {
      const done = await withPasswordConfirmation(
        (password) => apiClient.post('user-sessions/logout-other', { password }),
        { needsPassword: true },
      );
      if (done === undefined) return;
      toast.positive(trans('Logged out other sessions.'));
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    } catch (error) {
      reportError(error);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <SettingsPanel
      id="sessions"
      title={trans('Active sessions')}
      description={trans(
        'If necessary, you may log out of all of your other browser sessions across all of your devices. Some of your recent sessions are listed below.',
      )}
    >
      {sessions.isPending ? (
        <Spinner size="md" />
      ) : (
        <ul className="flex max-h-[400px] flex-col gap-4 overflow-y-auto" data-testid="session-list">
          {sessions.data?.map((session) => {
            const Icon = ICONS[deviceIcon(session.device_type)];
            const location = [session.city, session.country].filter(Boolean).join(', ');
            return (
              <li key={session.id} className="flex items-center gap-3" data-testid="session-item">
                <Icon aria-hidden className="size-8 shrink-0 text-muted" />
                <div className="min-w-0 text-sm">
                  <div>
                    {[session.platform, session.browser].filter(Boolean).join(' - ') ||
                      trans('Unknown device')}
                  </div>
                  <div className="text-xs text-muted">
                    {location && <span>{location} · </span>}
                    <span>{trans(sessionAddressLabel(session))}</span>
                    {' · '}
                    {session.is_current_device ? (
                      <span className="text-positive">{trans('This device')}</span>
                    ) : (
                      <span>
                        {formatRelativeTime(session.last_active, i18n.language) ?? trans('a few seconds ago')}
                      </span>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Button
        className="mt-6"
        variant="outline"
        onPress={() => void logoutOthers()}
        isPending={isPending}
        isDisabled={isPending}
      >
        {trans('Log out other sessions')}
      </Button>
    </SettingsPanel>
  );
}

import type { TNotificationSubscriptions, TPreferenceChannel } from '@cadence/contracts/notification';
import { Button } from '@cadence/ui/button';
import { Checkbox } from '@cadence/ui/checkbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from '../toast-store';
import { useSettings } from '../use-bootstrap-data';
import { useTrans } from '../use-trans';
import { enableBrowserNotifications } from './browser-permission';
import { subscriptionsQuery, updateSubscriptions } from './notification-queries';
import { subscriptionsIntegrated } from './notifications-page';

type Selections = Record<string, Record<TPreferenceChannel, boolean>>;

const CHANNEL_LABELS: Record<TPreferenceChannel, string> = { email: 'Email', browser: 'Browser' };

function toSelections(data: TNotificationSubscriptions): Selections {
  return Object.fromEntries(
    data.user_selections.map((selection) => [
      selection.notif_id,
      { email: selection.channels.email !== false, browser: selection.channels.browser !== false },
    ]),
  );
}

/** Spec 2.7 /notifications/settings: the preference grid; redirects to / when not integrated. */
export function NotificationSettingsPage() {
  const { trans } = useTrans();
  const settings = useSettings();
  const isIntegrated = subscriptionsIntegrated(settings);
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({ ...subscriptionsQuery(), enabled: isIntegrated });
  const [selections, setSelections] = useState<Selections>({});
  useEffect(() => {
    if (data) setSelections(toSelections(data));
  }, [data]);
  const save = useMutation({
    mutationFn: () =>
      updateSubscriptions({
        selections: Object.entries(selections).map(([notif_id, channels]) => ({
          notif_id: notif_id as never,
          channels,
        })),
      }),
    onSuccess: () => {
      toast.positive(trans('Updated preferences'));
      void queryClient.invalidateQueries({ queryKey: ['notifications', 'subscriptions'] });
    },
  });

  if (!isIntegrated) return <Navigate to="/" replace />;
  if (isPending || !data) return null;
  if (data.subscriptions.length === 0) return <Navigate to="/" replace />;

  /** Spec 4: turning the browser channel on asks the browser first; denied refuses with the spec's message. */
  const setChannel = async (ids: string[], channel: TPreferenceChannel, value: boolean) => {
    if (channel === 'browser' && value) {
      const result = await enableBrowserNotifications();
      if (result === 'denied') {
        toast.danger(trans('Notifications blocked. Please enable them for this site from browser settings.'));
        return;
      }
      if (result !== 'granted') return;
    }
    setSelections((current) => {
      const next = { ...current };
      for (const id of ids) next[id] = { ...(next[id] ?? { email: true, browser: true }), [channel]: value };
      return next;
    });
  };

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-semibold text-fg">{trans('Notification settings')}</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
        className="flex flex-col gap-6"
      >
        {data.subscriptions.map((group) => {
          const ids = group.subscriptions.map((item) => item.notif_id);
          return (
            <table key={group.group_name} className="w-full text-left text-sm">
              <caption className="sr-only">{trans(group.group_name)}</caption>
              <thead>
                <tr className="border-b border-divider">
                  <th scope="col" className="py-2 pr-4 font-semibold text-fg">
                    {trans(group.group_name)}
                  </th>
                  {data.available_channels.map((channel) => {
                    // A row without a saved choice is on (as its own box shows it).
                    const on = ids.filter((id) => selections[id]?.[channel] ?? true).length;
                    return (
                      <th key={channel} scope="col" className="w-28 py-2">
                        <Checkbox
                          isSelected={on === ids.length}
                          isIndeterminate={on > 0 && on < ids.length}
                          onChange={(value) => void setChannel(ids, channel, value)}
                        >
                          {trans(CHANNEL_LABELS[channel])}
                        </Checkbox>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {group.subscriptions.map((item) => (
                  <tr key={item.notif_id} className="border-b border-divider">
                    <th scope="row" className="py-2 pr-4 font-normal text-fg">
                      {trans(item.name)}
                    </th>
                    {data.available_channels.map((channel) => (
                      <td key={channel} className="py-2">
                        <Checkbox
                          aria-label={`${trans(item.name)}: ${trans(CHANNEL_LABELS[channel])}`}
                          isSelected={selections[item.notif_id]?.[channel] ?? true}
                          onChange={(value) => void setChannel([item.notif_id], channel, value)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
        <div>
          <Button type="submit" variant="primary" isDisabled={save.isPending}>
            {trans('Save')}
          </Button>
        </div>
      </form>
    </main>
  );
}

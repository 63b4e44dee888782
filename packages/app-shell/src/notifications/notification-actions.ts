import type { TNotification } from '@cadence/contracts/notification';
import { useQueryClient } from '@tanstack/react-query';
import { useOpenAppLink } from '../app-link';

export type ButtonActionHandler = (notification: TNotification, action: string) => Promise<void>;
type Registered = (notification: TNotification) => Promise<void>;

/** Buttons whose action is not a path (`join-workspace`, ...) are handled by the feature that sent them. */
const registry = new Map<string, Registered>();

export function registerNotificationAction(action: string, handler: Registered) {
  registry.set(action, handler);
}

export function useButtonActions(): ButtonActionHandler {
  const openAppLink = useOpenAppLink();
  const queryClient = useQueryClient();
  return async (notification, action) => {
    const handler = registry.get(action);
    if (handler) await handler(notification);
    else if (action.startsWith('/')) openAppLink(action);
    else if (/^https?:\/\//.test(action)) window.location.assign(action);
    void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
  };
}

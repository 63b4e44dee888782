import { registerNotificationAction } from '../notifications/notification-actions';
import { declineInvite, joinInvite } from './invite-actions';

// The invitation notification's buttons (spec 3 `inviteId`); the list is refetched after each.
registerNotificationAction('join-workspace', async (notification) => {
  if (notification.data.inviteId) await joinInvite(notification.data.inviteId);
});
registerNotificationAction('decline-workspace', async (notification) => {
  if (notification.data.inviteId) await declineInvite(notification.data.inviteId);
});

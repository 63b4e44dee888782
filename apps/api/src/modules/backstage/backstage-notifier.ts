import type { TBackstageRequest } from '@cadence/contracts/backstage';
import type { TNotificationData } from '@cadence/contracts/notification';

export type BackstageNotifier = { requestDecided: (request: TBackstageRequest) => Promise<void> };

const TYPE_LABEL: Record<TBackstageRequest['type'], string> = {
  become_artist: 'become an artist',
  verify_artist: 'verify your artist profile',
  claim_artist: 'claim an artist profile',
};

/** The spec 3 notification a decided request produces (pure: tests read it without sending). */
export function requestDecidedNotification(
  request: TBackstageRequest,
  backstageUrl: string,
): TNotificationData {
  const isApproved = request.status === 'approved';
  const headline = `Your request to ${TYPE_LABEL[request.type]} was ${isApproved ? 'approved' : 'denied'}.`;
  const lines: TNotificationData['lines'] = [{ type: 'primary', content: headline }];
  if (request.notes) lines.push({ content: request.notes });
  return {
    image: request.artist?.image ?? request.data.image,
    mainAction: isApproved
      ? { action: `${backstageUrl}/upload`, label: 'Upload your music' }
      : { action: `${backstageUrl}/requests`, label: 'View requests' },
    lines,
  };
}

type Notify = (
  userId: number,
  type: 'backstage_request_handled',
  data: TNotificationData,
) => Promise<unknown>;

/** Through the notifications module: the in-app row (spec 3) and the mail, per the type's channels. */
export function createBackstageNotifier(deps: { backstageUrl: string; notify: Notify }): BackstageNotifier {
  return {
    async requestDecided(request) {
      await deps.notify(
        request.user.id,
        'backstage_request_handled',
        requestDecidedNotification(request, deps.backstageUrl),
      );
    },
  };
}

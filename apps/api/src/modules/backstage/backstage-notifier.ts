import type { TBackstageRequest } from '@cadence/contracts/backstage';
import type { TNotificationData } from '@cadence/contracts/notification';

export type BackstageNotifier = {
  requestCreated: (request: TBackstageRequest) => Promise<void>;
  requestDecided: (request: TBackstageRequest) => Promise<void>;
};

const TYPE_LABEL: Record<TBackstageRequest['type'], string> = {
  become_artist: 'become an artist',
  verify_artist: 'verify your artist profile',
  claim_artist: 'claim an artist profile',
};

const REVIEW_LABEL: Record<TBackstageRequest['type'], string> = {
  become_artist: 'asks to become an artist',
  verify_artist: 'asks to verify an artist profile',
  claim_artist: 'asks to claim an artist profile',
};

/**
 * The spec 3 notification a decided request produces (pure: tests read it without sending).
 * Actions are app paths; each app (and the mail) resolves them where that app is deployed.
 */
export function requestDecidedNotification(request: TBackstageRequest): TNotificationData {
  const isApproved = request.status === 'approved';
  const headline = `Your request to ${TYPE_LABEL[request.type]} was ${isApproved ? 'approved' : 'denied'}.`;
  const lines: TNotificationData['lines'] = [{ type: 'primary', content: headline }];
  if (request.notes) lines.push({ content: request.notes });
  return {
    image: request.artist?.image ?? request.data.image,
    mainAction: isApproved
      ? { action: '/backstage/upload', label: 'Upload your music' }
      : { action: `/backstage/requests/${request.id}/request-submitted`, label: 'View request' },
    lines,
  };
}

/** What the reviewers of a new request are told: who asks what, leading to the request in the admin. */
export function requestCreatedNotification(request: TBackstageRequest): TNotificationData {
  // Never the address: a reviewer may not hold users.update (issue 31's public projection).
  const who = request.user.name || 'User';
  const lines: TNotificationData['lines'] = [
    { type: 'primary', content: `${who} ${REVIEW_LABEL[request.type]}.` },
  ];
  const artist = request.artist?.name ?? request.artist_name;
  if (artist) lines.push({ content: artist });
  return {
    image: request.data.image,
    mainAction: { action: `/admin/backstage-requests/${request.id}`, label: 'Review request' },
    lines,
  };
}

type Notice = {
  userId: number;
  type: 'backstage_request_handled' | 'backstage_request_created';
  data: TNotificationData;
};

/** Through the notifications module: the in-app row (spec 3) and the mail, per the type's channels. */
export function createBackstageNotifier(deps: {
  notifyMany: (notices: Notice[]) => Promise<unknown>;
  /** Who can handle requests now (holders of backstageRequests.update or admin). */
  reviewerIds: () => Promise<number[]>;
}): BackstageNotifier {
  return {
    async requestCreated(request) {
      const data = requestCreatedNotification(request);
      const reviewers = (await deps.reviewerIds()).filter((id) => id !== request.user.id);
      if (reviewers.length === 0) return;
      await deps.notifyMany(
        reviewers.map((userId) => ({ userId, type: 'backstage_request_created' as const, data })),
      );
    },
    async requestDecided(request) {
      await deps.notifyMany([
        {
          userId: request.user.id,
          type: 'backstage_request_handled',
          data: requestDecidedNotification(request),
        },
      ]);
    },
  };
}

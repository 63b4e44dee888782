// Zod-free on purpose: the notification bell is in the apps' first download, and
// notification.ts's schemas would bring zod with them.
/** Spec 7: `GET notifications` asks for 30 per page; /notifications shows up to 30 (spec 2.7). */
export const NOTIFICATIONS_PAGE_SIZE = 30;

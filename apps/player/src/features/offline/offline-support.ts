/**
 * Offline listening needs Cache Storage and a service worker to answer from it. Apart from
 * offline-downloads.ts: the /offline route (in the first download, it must render without a
 * network) asks only this.
 */
export function isOfflineSupported(): boolean {
  return typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator;
}

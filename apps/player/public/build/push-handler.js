/* Web Push in the service worker (imported by /build/sw.js, which Workbox generates).
 * The api sends {type: 'notification.created', notification} encrypted per RFC 8291; the browser
 * decrypts it and this shows it as a system notification; a click opens its main action. */
self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  const notification = payload?.notification;
  if (!notification?.data) return;
  const lines = (notification.data.lines || []).map((line) => String(line.content || '')).filter(Boolean);
  const action = notification.data.mainAction?.action;
  event.waitUntil(
    self.registration.showNotification(lines[0] || 'Cadence', {
      body: lines.slice(1).join('\n'),
      icon: notification.data.image || '/icons/icon-192.png',
      tag: String(notification.id),
      data: { url: typeof action === 'string' && action.startsWith('/') ? action : '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === url.origin);
      if (open) return open.navigate(url.href).then((client) => (client || open).focus());
      return self.clients.openWindow(url.href);
    }),
  );
});

import type { TNotificationData } from '@cadence/contracts/notification';
import type { MailMessage } from '../../platform/mail/mailer';
import { escapeHtml, htmlLayout } from '../mail/mail-layout';

/** Where each app is deployed; admin and backstage default to their paths on the player's origin. */
export type MailAppUrls = { playerUrl: string; adminUrl?: string; backstageUrl?: string };

const hasPrefix = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);

/**
 * A path inside the apps becomes an address where its app is deployed (`/admin/...` under the
 * admin's URL, `/backstage/...` under the backstage's, anything else on the player's origin);
 * absolute addresses stay.
 */
export function absoluteAction(action: string, urls: MailAppUrls | string): string {
  const { playerUrl, adminUrl, backstageUrl } = typeof urls === 'string' ? { playerUrl: urls } : urls;
  const under = (base: string, rest: string) => `${base.replace(/\/+$/, '')}${rest}`;
  if (adminUrl && hasPrefix(action, '/admin')) return under(adminUrl, action.slice('/admin'.length));
  if (backstageUrl && hasPrefix(action, '/backstage'))
    return under(backstageUrl, action.slice('/backstage'.length));
  try {
    return new URL(action, playerUrl.endsWith('/') ? playerUrl : `${playerUrl}/`).toString();
  } catch {
    return playerUrl;
  }
}

function button(label: string, href: string) {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;background:#6366f1;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;margin-right:8px">${escapeHtml(label)}</a>`;
}

/**
 * The mail twin of an in-app notification: the first line is the subject, every line a paragraph,
 * the main action and the buttons links on the player's origin. One rendering for every type keeps
 * the two channels saying the same thing.
 */
export function notificationMail(
  to: string,
  data: TNotificationData,
  context: { siteName: string } & MailAppUrls,
): MailMessage {
  const lines = data.lines.map((line) => line.content.trim()).filter(Boolean);
  const first = lines[0] ?? context.siteName;
  const subject = `${context.siteName}: ${first.length > 120 ? `${first.slice(0, 117)}...` : first}`;
  const actions = [
    ...(data.mainAction ? [data.mainAction] : []),
    ...(data.buttonActions ?? []).filter((action) => action.action !== data.mainAction?.action),
  ]
    // Button actions the apps handle in place (e.g. `join-workspace`) are not addresses.
    .filter((action) => /^(\/|https?:\/\/)/.test(action.action))
    .map((action) => ({ label: action.label, href: absoluteAction(action.action, context) }));
  const text = [...lines, ...actions.map((action) => `${action.label}: ${action.href}`)].join('\n\n');
  const html = htmlLayout(context.siteName, [
    ...lines.map(escapeHtml),
    ...(actions.length ? [actions.map((action) => button(action.label, action.href)).join('')] : []),
  ]);
  return { to, subject, text, html };
}

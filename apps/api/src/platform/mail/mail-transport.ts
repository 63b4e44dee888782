import type { Transporter } from 'nodemailer';

export type SmtpConfig = {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
};

export type MailSettings = {
  mail_driver: string;
  mail_host: string;
  mail_port: number | null;
  mail_username: string;
  mail_password: string;
  mail_encryption: string;
};

/** `MAIL_URL` wins; else the outgoing-email settings when their driver is SMTP; else null (log driver). */
export function resolveSmtpConfig(mailUrl: string | undefined, settings: MailSettings): SmtpConfig | null {
  if (mailUrl) {
    const url = new URL(mailUrl);
    const isSecure = url.protocol === 'smtps:';
    return {
      host: url.hostname,
      port: Number(url.port) || (isSecure ? 465 : 587),
      secure: isSecure,
      ...(url.username ? { user: decodeURIComponent(url.username) } : {}),
      ...(url.password ? { pass: decodeURIComponent(url.password) } : {}),
    };
  }
  if (settings.mail_driver !== 'smtp' || !settings.mail_host) return null;
  const isSecure = settings.mail_encryption === 'ssl';
  return {
    host: settings.mail_host,
    port: settings.mail_port ?? (isSecure ? 465 : 587),
    secure: isSecure,
    ...(settings.mail_username ? { user: settings.mail_username } : {}),
    ...(settings.mail_password ? { pass: settings.mail_password } : {}),
  };
}

const transports = new Map<string, Transporter>();

/**
 * Connections one transporter keeps open. A mail job sends to several addresses side by side
 * (notifications.service.ts): they share these connections instead of opening one per mail, and
 * the ones past this many wait in the pool's queue.
 */
const SMTP_CONNECTIONS = 4;

/** One pooled transporter per distinct configuration; nodemailer loads with the first mail. */
export async function smtpTransport(config: SmtpConfig): Promise<Transporter> {
  const key = JSON.stringify(config);
  const existing = transports.get(key);
  if (existing) return existing;
  const { default: nodemailer } = await import('nodemailer');
  const raced = transports.get(key);
  if (raced) return raced;
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.user ? { auth: { user: config.user, pass: config.pass ?? '' } } : {}),
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  transports.set(key, transport);
  return transport;
}

export function closeTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

export type CheckMail = { from: string; to: string; subject: string; text: string };

/**
 * Sends one message over a fresh connection (no pool, short timeouts): how new outgoing-mail
 * settings prove themselves before they are saved. Rejects with nodemailer's error.
 */
export async function sendCheckMail(config: SmtpConfig, message: CheckMail): Promise<void> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.user ? { auth: { user: config.user, pass: config.pass ?? '' } } : {}),
    connectionTimeout: 8_000,
    greetingTimeout: 8_000,
    socketTimeout: 15_000,
  });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

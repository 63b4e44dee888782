import { resolveSmtpConfig, sendCheckMail } from '../../../platform/mail/mail-transport';
import type { MailLogEntry } from '../../../platform/mail/mailer';
import { type NextValue, refuse } from './refuse';

const MAIL_KEYS = new Set([
  'mail_driver',
  'mail_host',
  'mail_port',
  'mail_username',
  'mail_password',
  'mail_encryption',
  'mail_from_address',
  'mail_from_name',
]);

/** Drivers the mailer speaks; the others of the design are reserved. */
const MAIL_DRIVERS = new Set(['smtp', 'log']);

export const mailKeys: ReadonlySet<string> = MAIL_KEYS;

export type MailCheckContext = {
  siteName: string;
  from: string;
  to: string;
  /** The outgoing-email log: the test message shows there, sent or failed. */
  recordMail?: (entry: MailLogEntry) => Promise<void>;
};

type SmtpFailure = Error & { code?: string; responseCode?: number };

/** Which field a failed SMTP dialogue points at, and a line an admin can act on. */
function describeFailure(error: SmtpFailure): { field: string; message: string } {
  if (error.code === 'EAUTH' || error.responseCode === 535) {
    return { field: 'mail_password', message: 'The mail server refused this username or password.' };
  }
  if (error.code === 'EENVELOPE') {
    return { field: 'mail_from_address', message: `The mail server refused the message: ${error.message}` };
  }
  if (error.code === 'ETLS' || /ssl|tls|wrong version number/i.test(error.message)) {
    return {
      field: 'mail_encryption',
      message: 'The mail server does not speak this encryption on this port.',
    };
  }
  return {
    field: 'mail_host',
    message: `Could not connect to the mail server (${error.code ?? 'error'}): check the host and port.`,
  };
}

/**
 * Tries the outgoing-mail settings about to be saved: the SMTP driver sends a test message to
 * the admin saving them; the log driver needs nothing. Throws a 422 keyed by the failing field
 * (and `mail_group`) so nothing is saved.
 */
export async function checkMailSettings(next: NextValue, context: MailCheckContext): Promise<void> {
  const driver = String(next('mail_driver'));
  if (!MAIL_DRIVERS.has(driver)) {
    refuse(
      'mail',
      'mail_driver',
      'Cadence sends mail over SMTP or writes it to the log: this driver is not available.',
    );
  }
  if (driver === 'log') return;
  const config = resolveSmtpConfig(undefined, {
    mail_driver: driver,
    mail_host: String(next('mail_host') ?? ''),
    mail_port: (next('mail_port') as number | null) ?? null,
    mail_username: String(next('mail_username') ?? ''),
    mail_password: String(next('mail_password') ?? ''),
    mail_encryption: String(next('mail_encryption') ?? ''),
  });
  if (!config) {
    refuse('mail', 'mail_host', 'The SMTP host is required.');
  }
  const name = String(next('mail_from_name') || context.siteName).replaceAll('"', '');
  const subject = `Test message from ${context.siteName}`;
  const record = (status: 'sent' | 'failed', error: string | null) =>
    context.recordMail?.({ to: context.to, subject, driver: 'smtp', status, body: null, error }) ??
    Promise.resolve();
  try {
    await sendCheckMail(config, {
      from: `"${name}" <${context.from}>`,
      to: context.to,
      subject,
      text: `This message was sent by ${context.siteName} to check its outgoing mail settings. They work.`,
    });
  } catch (error) {
    const { field, message } = describeFailure(error as SmtpFailure);
    await record('failed', (error as Error).message.slice(0, 1000));
    refuse('mail', field, message);
  }
  await record('sent', null);
}

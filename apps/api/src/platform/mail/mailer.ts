import type { Env } from '../../env';
import { resolveSmtpConfig, smtpTransport } from './mail-transport';

/** `replyTo`: where an answer goes (the sender of a contact message), when not the from address. */
export type MailMessage = { to: string; subject: string; text: string; html: string; replyTo?: string };
export type MailResult = 'sent' | 'logged';
type MailLog = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** The settings the mailer reads (admin "Mail" tab), looked up by the caller's settings store. */
export type MailSettingName =
  | 'mail_from_address'
  | 'mail_from_name'
  | 'mail_driver'
  | 'mail_host'
  | 'mail_port'
  | 'mail_username'
  | 'mail_password'
  | 'mail_encryption';
export type MailLogEntry = {
  to: string;
  subject: string;
  driver: string;
  status: 'sent' | 'logged' | 'failed';
  body: string | null;
  error: string | null;
};
/** What the mailer needs from the app, passed in so platform depends on no module. */
export type MailerPorts = {
  setting: (name: MailSettingName) => Promise<unknown>;
  recordMail: (entry: MailLogEntry) => Promise<void>;
};

type Deps = MailerPorts & { env: Env; log: MailLog };

export function createMailer({ env, setting, recordMail, log }: Deps) {
  async function fromAddress(): Promise<string> {
    if (env.MAIL_FROM) return env.MAIL_FROM;
    const [address, name] = await Promise.all([setting('mail_from_address'), setting('mail_from_name')]);
    const fallback = `no-reply@${new URL(env.APP_URL).hostname}`;
    const email = (address as string) || fallback;
    return name ? `"${String(name).replaceAll('"', '')}" <${email}>` : email;
  }

  async function record(
    message: MailMessage,
    entry: { driver: string; status: string; body?: string; error?: string },
  ) {
    await recordMail({
      to: message.to,
      subject: message.subject,
      driver: entry.driver,
      status: entry.status as MailLogEntry['status'],
      body: entry.body ?? null,
      error: entry.error?.slice(0, 1000) ?? null,
    });
  }

  /**
   * Over SMTP when configured; otherwise (the embedded default) the mail goes to the
   * outgoing-email log and the server log so a new install can still verify accounts.
   */
  async function send(message: MailMessage): Promise<MailResult> {
    const [driver, host, port, username, password, encryption] = await Promise.all([
      setting('mail_driver'),
      setting('mail_host'),
      setting('mail_port'),
      setting('mail_username'),
      setting('mail_password'),
      setting('mail_encryption'),
    ]);
    const smtp = resolveSmtpConfig(env.MAIL_URL, {
      mail_driver: driver as string,
      mail_host: host as string,
      mail_port: port as number | null,
      mail_username: username as string,
      mail_password: password as string,
      mail_encryption: encryption as string,
    });
    if (!smtp) {
      await record(message, { driver: 'log', status: 'logged', body: message.text });
      log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'mail (log driver)',
      );
      return 'logged';
    }
    try {
      const transport = await smtpTransport(smtp);
      await transport.sendMail({ from: await fromAddress(), ...message });
    } catch (error) {
      await record(message, { driver: 'smtp', status: 'failed', error: (error as Error).message });
      throw error;
    }
    // Sent mail bodies carry codes and links: only the envelope is kept.
    await record(message, { driver: 'smtp', status: 'sent' });
    return 'sent';
  }

  /** Fire and forget (e.g. where awaiting would reveal whether an account exists); failures are logged. */
  function dispatch(message: MailMessage): Promise<void> {
    return send(message).then(
      () => undefined,
      (error: Error) => log.error({ err: error, to: message.to }, 'mail delivery failed'),
    );
  }

  return { send, dispatch };
}

export type Mailer = ReturnType<typeof createMailer>;

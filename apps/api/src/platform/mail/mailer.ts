import type { Kysely } from 'kysely';
import type { Env } from '../../env';
import type { SettingsService } from '../../modules/settings/settings.service';
import type { Database } from '../db/schema';
import { resolveSmtpConfig, smtpTransport } from './mail-transport';

export type MailMessage = { to: string; subject: string; text: string; html: string };
export type MailResult = 'sent' | 'logged';
type MailLog = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

type Deps = { db: Kysely<Database>; env: Env; settings: SettingsService; log: MailLog };

export function createMailer({ db, env, settings, log }: Deps) {
  async function fromAddress(): Promise<string> {
    if (env.MAIL_FROM) return env.MAIL_FROM;
    const [address, name] = await Promise.all([
      settings.get('mail_from_address'),
      settings.get('mail_from_name'),
    ]);
    const fallback = `no-reply@${new URL(env.APP_URL).hostname}`;
    const email = (address as string) || fallback;
    return name ? `"${String(name).replaceAll('"', '')}" <${email}>` : email;
  }

  async function record(
    message: MailMessage,
    entry: { driver: string; status: string; body?: string; error?: string },
  ) {
    await db
      .insertInto('mail_log')
      .values({
        to: message.to,
        subject: message.subject,
        driver: entry.driver,
        status: entry.status as 'sent' | 'logged' | 'failed',
        body: entry.body ?? null,
        error: entry.error?.slice(0, 1000) ?? null,
      })
      .execute();
  }

  /**
   * Over SMTP when configured; otherwise (the embedded default) the mail goes to the
   * outgoing-email log and the server log so a new install can still verify accounts.
   */
  async function send(message: MailMessage): Promise<MailResult> {
    const smtp = resolveSmtpConfig(env.MAIL_URL, {
      mail_driver: (await settings.get('mail_driver')) as string,
      mail_host: (await settings.get('mail_host')) as string,
      mail_port: (await settings.get('mail_port')) as number | null,
      mail_username: (await settings.get('mail_username')) as string,
      mail_password: (await settings.get('mail_password')) as string,
      mail_encryption: (await settings.get('mail_encryption')) as string,
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

import type { TContactPayload } from '@cadence/contracts/contact';
import type { MailMessage } from '../../platform/mail/mailer';
import { escapeHtml, htmlLayout } from '../mail/mail-layout';

/** Design "notifications" contact_message: sender, email and message, to the contact address. */
export function contactMessageMail(to: string, message: TContactPayload, siteName: string): MailMessage {
  // One line: a name cannot add headers or lines to the subject.
  const sender = message.name.replace(/[\r\n]+/g, ' ');
  return {
    to,
    replyTo: message.email,
    subject: `${siteName}: New message from ${sender}`,
    text: `From: ${sender} <${message.email}>\n\n${message.message}`,
    html: htmlLayout(siteName, [
      `From: ${escapeHtml(sender)} &lt;${escapeHtml(message.email)}&gt;`,
      escapeHtml(message.message).replace(/\r?\n/g, '<br>'),
    ]),
  };
}

import { describe, expect, it } from 'vitest';
import { type MailSettings, resolveSmtpConfig } from './mail-transport';

const logDriver: MailSettings = {
  mail_driver: 'log',
  mail_host: '',
  mail_port: null,
  mail_username: '',
  mail_password: '',
  mail_encryption: '',
};

describe('resolveSmtpConfig', () => {
  it('reads MAIL_URL first, decoding credentials', () => {
    expect(resolveSmtpConfig('smtp://us%40er:p%40ss@mail.example.com:2525', logDriver)).toEqual({
      host: 'mail.example.com',
      port: 2525,
      secure: false,
      user: 'us@er',
      pass: 'p@ss',
    });
    expect(resolveSmtpConfig('smtps://mail.example.com', logDriver)).toEqual({
      host: 'mail.example.com',
      port: 465,
      secure: true,
    });
  });

  it('falls back to the outgoing-email settings when their driver is smtp, else to the log driver', () => {
    expect(resolveSmtpConfig(undefined, logDriver)).toBeNull();
    expect(resolveSmtpConfig(undefined, { ...logDriver, mail_driver: 'smtp' })).toBeNull();
    expect(
      resolveSmtpConfig(undefined, {
        ...logDriver,
        mail_driver: 'smtp',
        mail_host: 'smtp.test',
        mail_encryption: 'ssl',
        mail_username: 'u',
        mail_password: 'p',
      }),
    ).toEqual({ host: 'smtp.test', port: 465, secure: true, user: 'u', pass: 'p' });
    expect(
      resolveSmtpConfig(undefined, {
        ...logDriver,
        mail_driver: 'smtp',
        mail_host: 'smtp.test',
        mail_port: 25,
      }),
    ).toEqual({ host: 'smtp.test', port: 25, secure: false });
  });
});

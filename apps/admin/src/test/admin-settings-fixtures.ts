import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZQueueStatusSchema, ZSettingsResponseSchema } from '@cadence/contracts/settings-api';

const server: Record<string, unknown> = {
  mail_driver: 'smtp',
  mail_host: 'smtp.example.com',
  mail_port: 2525,
  mail_username: 'mailer',
  mail_password: '********',
  mail_encryption: '',
  mail_from_address: '',
  mail_from_name: '',
};
const env: Record<string, { variable: string; is_locked: boolean }> = {
  mail_driver: { variable: 'MAIL_DRIVER', is_locked: false },
  mail_host: { variable: 'MAIL_HOST', is_locked: true },
  mail_port: { variable: 'MAIL_PORT', is_locked: false },
  mail_username: { variable: 'MAIL_USERNAME', is_locked: false },
  mail_password: { variable: 'MAIL_PASSWORD', is_locked: false },
  mail_encryption: { variable: 'MAIL_ENCRYPTION', is_locked: false },
  mail_from_address: { variable: 'MAIL_FROM_ADDRESS', is_locked: false },
  mail_from_name: { variable: 'MAIL_FROM_NAME', is_locked: false },
};

/** `GET api/v1/settings`: env-level keys under `server` (with their variables), the site's under `client`. */
export const storySettings = (overrides: { mail?: { is_setup: boolean; is_url_override: boolean } } = {}) =>
  fixture(ZSettingsResponseSchema, {
    server,
    env,
    client: {
      mail: { contact_page_address: '' },
      cookie_notice: {
        enable: true,
        position: 'bottom',
        button: { label: 'Learn more', type: 'route', action: '/pages/privacy-policy' },
      },
      registration: {
        policies: [{ id: 'p1', label: 'Terms of service', type: 'route', action: '/pages/terms-of-service' }],
      },
      artist_page: {
        tabs: [
          { id: 1, active: true },
          { id: 2, active: true },
          { id: 3, active: false },
        ],
      },
    },
    mail: overrides.mail ?? { is_setup: true, is_url_override: false },
  });

/** `GET api/v1/settings/queue`: the driver, the worker, and a failed job to retry. */
export const storyQueue = () =>
  fixture(ZQueueStatusSchema, {
    driver: 'redis',
    worker: 'running',
    counts: { waiting: 2, active: 1, failed: 1 },
    failed: [
      {
        id: 'job-17',
        name: 'transcode-track',
        failed_at: '2026-10-01T12:00:00.000Z',
        attempts: 3,
        error: 'ffmpeg exited with code 1',
      },
    ],
  });

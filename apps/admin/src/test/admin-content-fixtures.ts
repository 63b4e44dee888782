import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZAuditLogEntrySchema } from '@cadence/contracts/audit-log';
import { ZCustomPageSchema } from '@cadence/contracts/custom-page';
import { ZAdminLocalizationSchema, ZLocalizationLineSchema } from '@cadence/contracts/localizations';
import { LONG_TEXT, STAMP } from './admin-story-fixtures';

/** A custom page (`GET api/v1/custom-pages`, `GET api/v1/custom-pages/{id}`). */
export const storyCustomPage = (id: number, overrides: Record<string, unknown> = {}) =>
  fixture(ZCustomPageSchema, {
    id,
    title: ['About us', 'Privacy policy', 'Terms of service', LONG_TEXT][id - 1] ?? `Page ${id}`,
    slug: ['about-us', 'privacy-policy', 'terms-of-service', 'long'][id - 1] ?? `page-${id}`,
    body: '<h2>Who we are</h2><p>A small team that loves <strong>music</strong>.</p>',
    meta_title: null,
    meta_description: null,
    hide_nav: false,
    created_at: STAMP,
    updated_at: STAMP,
    ...overrides,
  });

/** A language (`GET api/v1/localizations`). */
export const storyLocalization = (id: number, overrides: Record<string, unknown> = {}) =>
  fixture(ZAdminLocalizationSchema, {
    id,
    name: ['English', 'Français', 'Deutsch', 'Português (Brasil)'][id - 1] ?? `Language ${id}`,
    language: ['en', 'fr', 'de', 'pt-BR'][id - 1] ?? `x${id}`,
    is_default: id === 1,
    translated_count: id === 1 ? 640 : 640 - id * 150,
    lines_count: 640,
    updated_at: STAMP,
    ...overrides,
  });

const SOURCES = ['Play', 'Pause', 'Add to playlist', 'Your library', 'Sign in', 'Create account', LONG_TEXT];

/** A language's lines (`GET api/v1/localizations/{id}/lines`): every other one translated. */
export const storyLocalizationLines = (count: number) =>
  Array.from({ length: count }, (_, index) => {
    const source = SOURCES[index % SOURCES.length] + (index >= SOURCES.length ? ` ${index}` : '');
    return fixture(ZLocalizationLineSchema, {
      key: source,
      source,
      translation: index % 2 === 0 ? `[fr] ${source}` : '',
    });
  });

/** One audit log entry (`GET api/v1/audit-log`). */
export const storyAuditEntry = (id: number, overrides: Record<string, unknown> = {}) =>
  fixture(ZAuditLogEntrySchema, {
    id,
    actor_id: 1,
    actor_name: 'Ada Admin',
    action: ['users.update', 'roles.create', 'settings.update', 'files.delete'][id % 4] ?? 'users.update',
    subject_type: ['users', 'roles', 'settings', 'files'][id % 4] ?? 'users',
    subject_id: String(id * 3),
    before: id % 4 === 0 ? { name: 'Old name', email: 'old@example.com' } : null,
    after: id % 4 === 0 ? { name: 'New name', email: 'new@example.com' } : { name: `Thing ${id}` },
    ip_address: '203.0.113.7',
    created_at: STAMP,
    ...overrides,
  });

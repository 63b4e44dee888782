import { storyValueLists } from '@cadence/app-shell/test/story-fixtures';
import {
  ZQueueStatusSchema,
  ZSettingsPayloadSchema,
  ZSettingsResponseSchema,
} from '@cadence/contracts/settings-api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { storyQueue, storySettings } from '../../test/admin-settings-fixtures';
import {
  expectToast,
  failingHandler,
  findSpinner,
  jsonHandler,
  pendingHandler,
  withRoutes,
} from '../../test/admin-story-fixtures';
import { SettingsPage } from './settings-page';

const settings = jsonHandler('settings', ZSettingsResponseSchema, () => storySettings());
/** `POST api/v1/settings`: the body must parse; a port of 1 is refused the way SMTP checks refuse it. */
const saved = http.post('*/api/v1/settings', async ({ request }) => {
  const body = ZSettingsPayloadSchema.parse(await request.json());
  if (body.server.mail_port === 1)
    return HttpResponse.json(
      {
        message: 'Could not persist settings.',
        errors: { mail_port: 'Could not connect.', mail_group: 'Could not connect.' },
      },
      { status: 422 },
    );
  return HttpResponse.json({ message: 'Settings saved.', changed: Object.keys(body.client) });
});
const queue = jsonHandler('settings/queue', ZQueueStatusSchema, storyQueue);
const lists = http.get('*/api/v1/value-lists/timezones,localizations', () =>
  HttpResponse.json(storyValueLists()),
);

/**
 * /admin/settings/{tab}: the sixteen tabs (SettingsTabForm per tab: env-locked settings read-only
 * with their variable), the cache, queue and sitemap panels, and the GDPR and player editors.
 */
const meta = {
  title: 'Settings/SettingsPage',
  component: SettingsPage,
  decorators: [withRoutes],
  parameters: {
    path: '/settings/:tab',
    route: '/settings/outgoing-email',
    msw: [settings, saved, queue, lists],
  },
} satisfies Meta<typeof SettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The General tab (the default), with the sitemap panel. */
export const General: Story = {
  parameters: { path: '/settings', route: '/settings' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('navigation', { name: 'Settings sections' })).toBeTruthy();
    expect(await canvas.findByRole('button', { name: 'Generate sitemap' })).toBeTruthy();
  },
};

/** Outgoing email: a locked setting shows its variable; an SMTP port that fails puts the error on its field. */
export const OutgoingEmailRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const port = await canvas.findByRole('spinbutton', { name: 'SMTP port' });
    expect(canvas.getByText(/Set with the MAIL_HOST environment variable\./)).toBeTruthy();
    await userEvent.clear(port);
    await userEvent.type(port, '1');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    expect((await canvas.findByRole('alert')).textContent).toContain('Could not connect.');
    expect(port.getAttribute('aria-invalid')).toBe('true');
  },
};

/** Mail not set up: the Authentication tab warns. */
export const AuthenticationMailWarning: Story = {
  parameters: {
    route: '/settings/authentication',
    msw: [
      jsonHandler('settings', ZSettingsResponseSchema, () =>
        storySettings({ mail: { is_setup: false, is_url_override: false } }),
      ),
      saved,
    ],
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('link', { name: 'Set up outgoing email' })).toBeTruthy();
  },
};

/** Cache: the tab's settings and "Clear cache". */
export const Cache: Story = {
  parameters: { route: '/settings/cache' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('button', { name: 'Clear cache' })).toBeTruthy();
  },
};

/** Queue: the driver, the counts and a failed job to retry. */
export const Queue: Story = {
  parameters: { route: '/settings/queue' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('button', { name: 'Retry transcode-track' })).toBeTruthy();
    expect(canvas.getByText('ffmpeg exited with code 1')).toBeTruthy();
  },
};

/** GDPR: the cookie notice's button and the registration policies editors. */
export const Gdpr: Story = {
  parameters: { route: '/settings/gdpr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add policy' }));
    expect(canvas.getByRole('textbox', { name: 'Policy 2 label' })).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectToast('Saved settings');
  },
};

/** Player: the artist page's tabs, reordered with Up/Down. */
export const Player: Story = {
  parameters: { route: '/settings/player' },
  play: async ({ canvasElement }) => {
    const [down] = await within(canvasElement).findAllByRole('button', { name: /^Move .* down$/ });
    expect(down).toBeTruthy();
  },
};

/** Localization: timezones and languages from `value-lists`. */
export const Localization: Story = {
  parameters: { route: '/settings/localization' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('button', { name: 'Save' })).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('settings')] },
  play: async ({ canvasElement }) => {
    await findSpinner(canvasElement);
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('settings')] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain('There was an issue.');
  },
};

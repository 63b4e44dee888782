import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZGenerateSitemapResponseSchema, ZQueueStatusSchema } from '@cadence/contracts/settings-api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { storyQueue } from '../../test/admin-settings-fixtures';
import { expectToast, jsonHandler, pendingHandler } from '../../test/admin-story-fixtures';
import { ClearCachePanel, QueuePanel, SitemapPanel } from './settings-actions';

const queue = jsonHandler('settings/queue', ZQueueStatusSchema, storyQueue);
const sitemap = http.post('*/api/v1/settings/sitemap/generate', () =>
  HttpResponse.json(
    fixture(ZGenerateSitemapResponseSchema, {
      message: 'Sitemap generated',
      files: 3,
      urls: 1250,
      url: 'https://example.com/storage/sitemaps/sitemap-index.xml',
    }),
  ),
);
const cleared = http.post('*/api/v1/settings/cache/clear', () =>
  HttpResponse.json({ message: 'Cache cleared' }),
);

/** The settings tabs' actions: generate the sitemap (General), clear the cache (Cache), the queue (Queue). */
const meta = {
  title: 'Settings/SettingsActions',
  component: SitemapPanel,
  parameters: { msw: [queue, sitemap, cleared] },
} satisfies Meta<typeof SitemapPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Generating the sitemap says how much was written, and where. */
export const Sitemap: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Generate sitemap' }));
    expect(await canvas.findByText(/Wrote 1250 addresses in 3 files/)).toBeTruthy();
  },
};

export const ClearCache: Story = {
  render: () => <ClearCachePanel />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Clear cache' }));
    await expectToast('Cache cleared');
  },
};

/** The queue's driver, counts and failed jobs, each with Retry. */
export const Queue: Story = {
  render: () => <QueuePanel />,
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('button', { name: 'Retry transcode-track' })).toBeTruthy();
  },
};

export const QueueLoading: Story = {
  render: () => <QueuePanel />,
  parameters: { msw: [pendingHandler('settings/queue')] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Loading...')).toBeTruthy();
  },
};

import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { TArtistEarnings } from '@cadence/contracts/payouts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { EarningsPage } from './earnings-page';

const earnings: TArtistEarnings = {
  artist_id: 101,
  balances: [{ currency: 'EUR', balance: 31_500 }],
  months: [
    {
      period: '2026-10',
      currency: 'EUR',
      plans: 84_000,
      ads: 5_000,
      adjustments: -700,
      earned: 88_300,
      payout: 88_300,
      rolled_over: 0,
      pro_rata: 47_000,
      paid_at: '2026-11-03T10:00:00Z',
    },
    {
      period: '2026-09',
      currency: 'EUR',
      plans: 31_500,
      ads: 0,
      adjustments: 0,
      earned: 31_500,
      payout: 0,
      rolled_over: 31_500,
      pro_rata: 42_000,
      paid_at: null,
    },
  ],
  tracks: [
    {
      period: '2026-10',
      currency: 'EUR',
      track_id: 7,
      track_name: 'Night Drive',
      source: 'plans',
      amount: 84_000,
    },
    {
      period: '2026-10',
      currency: 'EUR',
      track_id: 7,
      track_name: 'Night Drive',
      source: 'ads',
      amount: 5_000,
    },
    {
      period: '2026-10',
      currency: 'EUR',
      track_id: 8,
      track_name: 'Morning',
      source: 'adjustments',
      amount: -700,
    },
    {
      period: '2026-09',
      currency: 'EUR',
      track_id: 7,
      track_name: 'Night Drive',
      source: 'plans',
      amount: 31_500,
    },
  ],
};

/** `/backstage/artists/{id}/earnings`: what the artist earned per month, track and source. */
const meta = {
  title: 'Backstage/EarningsPage',
  component: EarningsPage,
  decorators: [withRouter],
  parameters: {
    route: '/artists/101/earnings',
    routePath: '/artists/:artistId/earnings',
    msw: [http.get('*/api/v1/artists/:id/earnings', () => HttpResponse.json(earnings))],
  },
} satisfies Meta<typeof EarningsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Months: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { name: 'Earnings' })).toBeTruthy();
    expect(canvas.getByRole('table', { name: 'Per month' })).toBeTruthy();
    // The chart is one image described in words (oldest month first), its figures a table too.
    const chart = canvas.getByRole('img', { name: /^Earnings per month \(EUR\): 2026-09: Subscriptions/ });
    expect(chart.getAttribute('aria-label')).toMatch(/2026-10: Subscriptions .*840.*Ads .*50/);
    expect(canvas.getByRole('link', { name: 'Payout details' }).getAttribute('href')).toBe(
      '/artists/101/payout-details',
    );
    expect(canvas.getAllByRole('rowheader', { name: 'Night Drive' })).toHaveLength(3);
    expect(canvas.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toContain(
      'Night%20Drive',
    );
  },
};

export const NothingYet: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/artists/:id/earnings', () =>
        HttpResponse.json({ artist_id: 101, balances: [], months: [], tracks: [] }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText(/No closed month yet/)).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/artists/:id/earnings', () => delay('infinite'))] },
};

/** Not the artist's: the api answers 404. */
export const NotYours: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/artists/:id/earnings', () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
    ],
  },
};

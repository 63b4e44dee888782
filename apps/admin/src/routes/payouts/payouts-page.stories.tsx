import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { TPayoutArtist, TPayoutRun } from '@cadence/contracts/payouts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { PayoutsPage } from './payouts-page';

const base = {
  currency: 'EUR',
  fees: 0,
  unallocated: 0,
  refunds: 0,
  created_at: '2026-10-02T09:00:00Z',
  failure: null,
};
const runs: TPayoutRun[] = [
  {
    ...base,
    id: 2,
    period: '2026-09',
    status: 'review',
    money_in: 305_000,
    platform_share: 90_000,
    paid_out: 183_500,
    rolled_over: 31_500,
    closed_at: null,
  },
  {
    ...base,
    id: 1,
    period: '2026-08',
    status: 'closed',
    money_in: 120_000,
    platform_share: 36_000,
    paid_out: 84_000,
    rolled_over: 0,
    closed_at: '2026-09-03T09:00:00Z',
  },
];
const artists: TPayoutArtist[] = [
  {
    artist_id: 1,
    artist_name: 'Aurora Vale',
    plans: 31_500,
    ads: 0,
    adjustments: 0,
    earned: 31_500,
    carried_in: 0,
    payable: 31_500,
    payout: 0,
    rolled_over: 31_500,
    pro_rata: 42_000,
    paid_at: null,
    paid_to: null,
  },
  {
    artist_id: 2,
    artist_name: 'Nightjar',
    plans: 94_500,
    ads: 0,
    adjustments: 0,
    earned: 94_500,
    carried_in: 0,
    payable: 94_500,
    payout: 94_500,
    rolled_over: 0,
    pro_rata: 126_000,
    paid_at: null,
    paid_to: 'Bank transfer, IBAN ending 3000',
  },
];

/** `/admin/payouts`: the monthly runs, user-centric beside pro rata. */
const meta = {
  title: 'Admin/PayoutsPage',
  component: PayoutsPage,
  decorators: [withRouter],
  parameters: {
    route: '/payouts',
    msw: [
      http.get('*/api/v1/admin/payouts/runs', () => HttpResponse.json({ runs })),
      http.get('*/api/v1/admin/payouts/runs/:id', ({ params }) =>
        HttpResponse.json({ run: runs.find((run) => run.id === Number(params.id)), artists }),
      ),
      http.post('*/api/v1/admin/payouts/runs', () =>
        HttpResponse.json(
          {
            message: 'This period has not ended yet.',
            errors: { period: ['This period has not ended yet.'] },
          },
          { status: 422 },
        ),
      ),
    ],
  },
} satisfies Meta<typeof PayoutsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Runs: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('table', { name: 'Runs' })).toBeTruthy();
    expect(canvas.getByRole('link', { name: 'Export payout file' })).toBeTruthy();
    await userEvent.click(canvas.getAllByRole('button', { name: 'Review' })[0] as HTMLElement);
    const nightjar = (await canvas.findByRole('rowheader', { name: 'Nightjar' })).closest(
      'tr',
    ) as HTMLElement;
    // The admin sees where each payout goes before marking it paid, masked; and who has not said yet.
    expect(within(nightjar).getByText('Bank transfer, IBAN ending 3000')).toBeTruthy();
    const aurora = canvas.getByRole('rowheader', { name: 'Aurora Vale' }).closest('tr') as HTMLElement;
    expect(within(aurora).getByText('No confirmed payout details')).toBeTruthy();
  },
};

export const UnendedPeriod: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Start run' }));
    expect(await canvas.findByText('This period has not ended yet.')).toBeTruthy();
  },
};

export const NoRunYet: Story = {
  parameters: { msw: [http.get('*/api/v1/admin/payouts/runs', () => HttpResponse.json({ runs: [] }))] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('No run yet.')).toBeTruthy();
  },
};

const computing: TPayoutRun = {
  ...base,
  id: 3,
  period: '2026-10',
  status: 'computing',
  money_in: 0,
  platform_share: 0,
  paid_out: 0,
  rolled_over: 0,
  closed_at: null,
};

/** A run computing in its job: the page polls until it is in review, and says so in its live region. */
export const ComputingThenReview: Story = {
  parameters: {
    msw: [
      http.get(
        '*/api/v1/admin/payouts/runs',
        (() => {
          let calls = 0;
          return () => {
            calls += 1;
            const run = calls === 1 ? computing : { ...computing, status: 'review' as const, money_in: 1000 };
            return HttpResponse.json({ runs: [run, ...runs] });
          };
        })(),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findByRole('rowheader', { name: '2026-10 EUR' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Computing…')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Close' })).toBeNull();
    const announced = await canvas.findByText('The run of 2026-10 EUR is ready for review.', undefined, {
      timeout: 6_000,
    });
    expect(announced.closest('[aria-live="polite"]')).toBeTruthy();
    expect(within(row).getByText('In review')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Close' })).toBeTruthy();
  },
};

/** A run whose job failed: its reason, and a retry (a recompute). */
export const FailedRun: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/admin/payouts/runs', () =>
        HttpResponse.json({
          runs: [
            {
              ...computing,
              status: 'failed',
              failure: 'The computation failed: canceling statement due to statement timeout',
            },
            ...runs,
          ],
        }),
      ),
      http.post('*/api/v1/admin/payouts/runs/:id/recompute', () =>
        HttpResponse.json({ run: computing }, { status: 202 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await canvas.findByRole('rowheader', { name: '2026-10 EUR' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(
      within(row).getByText('The computation failed: canceling statement due to statement timeout'),
    ).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    expect(await canvas.findByText('Computing the run again…')).toBeTruthy();
  },
};

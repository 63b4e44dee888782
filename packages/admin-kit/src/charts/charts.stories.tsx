import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZInsightsSchema } from '@cadence/contracts/insights';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BreakdownChart, RankedTable, StatCard, TimeSeriesChart } from './charts';

// Parts of `GET api/v1/insights/...`, each parsed with its piece of the contract.
const { plays, countries, top_tracks } = ZInsightsSchema.shape;

const days = fixture(
  plays,
  Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10),
    value: Math.round(120 + 60 * Math.sin(i / 3) + i * 4),
    previous: Math.round(100 + 40 * Math.cos(i / 4)),
  })),
);
const byCountry = fixture(countries, [
  { value: 'US', plays: 1840, previous: 1500 },
  { value: 'DE', plays: 920, previous: 1010 },
  { value: 'GB', plays: 610, previous: 400 },
  { value: 'BR', plays: 330, previous: 0 },
]);
const topTracks = fixture(top_tracks, [
  { id: 1, name: 'Night Drive', plays: 1204 },
  {
    id: 2,
    name: 'An extraordinarily long track title that wraps (Extended Live Version, Remastered 2026)',
    plays: 877,
  },
  { id: 3, name: 'Intro', plays: 301 },
]);

function Insights() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {/* A StatCard is a list item: the page lists its totals. */}
      <ul className="grid grid-cols-2 gap-4 md:col-span-2" aria-label="Totals">
        <StatCard label="Plays" current={4321} previous={3980} />
        <StatCard label="Listeners" current={812} previous={0} />
      </ul>
      <TimeSeriesChart title="Plays" data={days} valueLabel="Plays" previousLabel="Previous period" />
      <BreakdownChart
        title="Countries"
        rows={byCountry}
        valueLabel="Plays"
        labelOf={(code) => new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code}
      />
      <RankedTable
        title="Top tracks"
        rows={topTracks}
        valueLabel="Plays"
        hrefOf={(row) => `/tracks/${row.id}`}
      />
    </div>
  );
}

/**
 * The admin's and backstage's insight charts: each chart is one image for assistive technology
 * with a summary label, and the same figures as a real table behind a disclosure.
 */
const meta = { title: 'Charts', component: Insights, decorators: [withRouter] } satisfies Meta<
  typeof Insights
>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Dashboard: Story = {};

/** The figures behind a chart open as a table. */
export const FiguresAsTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = canvas.getByRole('region', { name: 'Countries' });
    await userEvent.click(within(section).getByText('Show the figures as a table'));
    expect(within(section).getByRole('table')).toBeTruthy();
    expect(section.textContent).toContain('Germany');
  },
};

/** Nothing played yet. */
export const Empty: Story = {
  render: () => (
    <div className="grid gap-4 md:grid-cols-2">
      <TimeSeriesChart title="Plays" data={[]} valueLabel="Plays" previousLabel="Previous period" />
      <BreakdownChart title="Countries" rows={[]} valueLabel="Plays" />
      <RankedTable title="Top tracks" rows={[]} valueLabel="Plays" />
    </div>
  ),
};

import type { TInsights } from '@cadence/contracts/insights';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubApi } from '../test/render';
import { InsightsView } from './insights-view';

const point = (date: string, value: number) => ({ date, value, previous: 0 });
const insights: TInsights = {
  subject: { type: 'albums', id: 7, name: 'Charted' },
  range: { from: '2025-03-04', to: '2025-03-05' },
  previous: { from: '2025-03-02', to: '2025-03-03' },
  totals: {
    plays: 3,
    previous_plays: 1,
    listeners: 2,
    previous_listeners: 1,
    likes: 0,
    previous_likes: 0,
    reposts: 0,
    previous_reposts: 0,
  },
  plays: [point('2025-03-04', 1), point('2025-03-05', 2)],
  likes: [point('2025-03-04', 0), point('2025-03-05', 0)],
  reposts: [point('2025-03-04', 0), point('2025-03-05', 0)],
  top_tracks: [{ id: 1, name: '=cmd|calc', plays: 3 }],
  countries: [{ value: 'DE', plays: 3, previous: 1 }],
  cities: [],
  devices: [{ value: 'mobile', plays: 3, previous: 1 }],
  platforms: [],
  browsers: [],
  sources: [
    { value: 'album', plays: 2, previous: 0 },
    { value: 'search', plays: 1, previous: 1 },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InsightsView', () => {
  it('shows totals, charts labelled for screen readers with a table of the same figures, and the period in the address', async () => {
    const calls = stubApi(() => ({ body: insights }));
    await renderRoutes(
      [{ path: '/albums/:id/insights', element: <InsightsView subject="albums" id={7} /> }],
      '/albums/7/insights?range=7d',
    );
    await screen.findByText('Charted');
    expect(calls[0]?.url.pathname).toBe('/api/v1/insights/albums/7');
    expect(calls[0]?.url.searchParams.get('range')).toBe('7d');
    const sources = screen.getByTestId('insights-sources');
    expect(within(sources).getByRole('img').getAttribute('aria-label')).toBe(
      'Sources: Album page 2, Search 1.',
    );
    const rows = within(sources)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['SourcesPlaysPeriod before', 'Album page20', 'Search11']);
    const countries = screen.getByTestId('insights-countries');
    expect(within(countries).getAllByRole('row')[1]?.textContent).toBe('Germany31');
    expect(within(screen.getByTestId('insights-top-tracks')).getByText('=cmd|calc')).toBeTruthy();
  });

  it('refuses a reversed custom range in the picker with the contract message, before any request', async () => {
    const calls = stubApi(() => ({ body: insights }));
    await renderRoutes([{ path: '/i', element: <InsightsView subject="albums" id={7} /> }], '/i');
    await screen.findByText('Charted');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The end date must be on or after the start date.',
    );
    expect(calls).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url.searchParams.get('from')).toBe('2025-02-01');
    expect(calls[1]?.url.searchParams.get('to')).toBe('2025-03-01');
  });

  it('shows the not-found page when the api hides the subject (404)', async () => {
    stubApi(() => ({ status: 404, body: { message: 'Not found' } }));
    await renderRoutes([{ path: '/i', element: <InsightsView subject="tracks" id={9} /> }], '/i');
    await screen.findByText("Looks like you've found the doorway to the great nothing");
  });
});

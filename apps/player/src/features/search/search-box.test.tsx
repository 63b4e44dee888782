import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import type { TSuggestion } from '@cadence/contracts/search';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFixture } from '../../test/bootstrap-fixture';
import { SearchBox } from './search-box';

const NEON: TSuggestion[] = [
  { type: 'artist', id: 6, name: 'Neon Atlas', image: null, subtitle: null },
  { type: 'track', id: 24, name: 'Tunnel Vision', image: null, subtitle: 'Neon Atlas' },
];

let queries: string[] = [];
/** While set, answers wait for it: the "searching" state can be seen for as long as needed. */
let gate: Promise<void> | null = null;

beforeEach(() => {
  queries = [];
  gate = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const query = url.searchParams.get('query') ?? '';
      queries.push(query);
      await gate;
      const results = query.toLowerCase().startsWith('neo') ? NEON : [];
      return new Response(JSON.stringify({ query, results }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderSearchBox(path = '/') {
  setBootstrapData(bootstrapFixture());
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SearchBox />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient(() => {})}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), location: () => screen.getByTestId('location').textContent };
}

const field = () => document.getElementById('site-search') as HTMLInputElement;

// jsdom with react-aria is slow on a busy machine; the waits are for the work, not for timers.
describe('SearchBox', { timeout: 20_000 }, () => {
  it('starts as a plain labelled input with the text of a search page', () => {
    renderSearchBox('/search/neon%20atlas');
    const input = screen.getByRole('textbox', { name: 'Search' });
    expect(input).toBe(field());
    expect(input.getAttribute('role')).toBeNull();
    expect(field().value).toBe('neon atlas');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('keeps keystrokes typed while the combobox loads and opens the suggestions without another key', async () => {
    const { user } = renderSearchBox();
    await user.click(field());
    await user.keyboard('neo');
    const combobox = await screen.findByRole('combobox', { name: 'Search' });
    expect(combobox).toBe(field());
    expect(document.activeElement).toBe(combobox);
    expect(combobox).toHaveProperty('value', 'neo');
    await screen.findByText('Tunnel Vision', {}, { timeout: 5000 });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Neon AtlasArtist',
      'Tunnel VisionTrack · Neon Atlas',
    ]);
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    expect(queries).toContain('neo');
  });

  it('opens on the first keystroke once loaded and says when nothing matches', async () => {
    const { user } = renderSearchBox();
    await user.hover(field());
    const combobox = await screen.findByRole('combobox');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    await user.click(combobox);
    let release = () => {};
    gate = new Promise((resolve) => {
      release = resolve;
    });
    await user.keyboard('zz');
    expect(await screen.findByText('Searching...', {}, { timeout: 5000 })).toBeTruthy();
    expect(field().getAttribute('aria-expanded')).toBe('true');
    release();
    expect(await screen.findByText('No results for "zz"', {}, { timeout: 5000 })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(field().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a suggestion with the arrow keys and Enter', async () => {
    const { user, location } = renderSearchBox();
    field().focus();
    const combobox = await screen.findByRole('combobox');
    expect(document.activeElement).toBe(combobox);
    await user.keyboard('neon');
    await screen.findByText('Tunnel Vision', {}, { timeout: 5000 });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(location()).toBe('/artist/6/neon-atlas'));
  });

  it('waits for an input method to finish composing before it swaps in the combobox', async () => {
    renderSearchBox();
    const plain = field();
    fireEvent.compositionStart(plain);
    plain.focus();
    await import('./search-typeahead');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.change(plain, { target: { value: 'ネオ' } });
    fireEvent.compositionEnd(plain);
    const combobox = await screen.findByRole('combobox', { name: 'Search' });
    expect(combobox).toHaveProperty('value', 'ネオ');
    expect(document.activeElement).toBe(combobox);
  });

  it('goes to the results page on Enter, before and after the combobox loads', async () => {
    const { user, location } = renderSearchBox();
    field().focus();
    await user.keyboard('{Enter}');
    expect(location()).toBe('/search');
    await screen.findByRole('combobox');
    await user.keyboard('neon atlas{Enter}');
    await waitFor(() => expect(location()).toBe('/search/neon%20atlas'));
  });
});

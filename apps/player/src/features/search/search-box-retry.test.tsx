import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, expect, it, vi } from 'vitest';
import { bootstrapFixture } from '../../test/bootstrap-fixture';
import { SearchBox } from './search-box';

// The combobox chunk fails to load once (offline, a stale deploy), then loads.
const chunk = vi.hoisted(() => ({ failures: 1 }));
vi.mock('./search-typeahead', async (importOriginal) => {
  if (chunk.failures > 0) {
    chunk.failures -= 1;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('loads the combobox on a later focus after its chunk failed to load once', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ query: '', results: [] })),
  );
  setBootstrapData(bootstrapFixture());
  const router = createMemoryRouter([{ path: '*', element: <SearchBox /> }]);
  render(
    <QueryClientProvider client={createQueryClient(() => {})}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const plain = document.getElementById('site-search') as HTMLInputElement;
  fireEvent.focus(plain);
  await vi.waitFor(() => expect(chunk.failures).toBe(0));
  // Let the failed load settle; the plain field keeps working.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('combobox')).toBeNull();

  fireEvent.blur(plain);
  fireEvent.focus(plain);
  expect(await screen.findByRole('combobox', { name: 'Search' }, { timeout: 5000 })).toBeTruthy();
});

import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, expect, it, vi } from 'vitest';
import { bootstrapFixture } from '../../test/bootstrap-fixture';
import { SearchBox } from './search-box';

// The combobox chunk arrives when the test says so: the keystroke that lands between its
// arrival and React's swap is the case a fast typist hits on a slow machine.
const chunk = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release };
});
vi.mock('./search-typeahead', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('keeps the caret of a key typed after the combobox chunk arrived but before the swap', async () => {
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
  plain.focus();
  fireEvent.focus(plain);
  fireEvent.change(plain, { target: { value: 'Ne' } });

  chunk.release();
  // The import settles and SearchBox schedules the swap; React has not rendered it yet.
  await import('./search-typeahead');
  await Promise.resolve();
  expect(screen.queryByRole('combobox')).toBeNull();
  fireEvent.change(plain, { target: { value: 'Neo' } });

  const combobox = await screen.findByRole('combobox', { name: 'Search' });
  expect(document.activeElement).toBe(combobox);
  expect(combobox).toHaveProperty('value', 'Neo');
  expect([
    (combobox as HTMLInputElement).selectionStart,
    (combobox as HTMLInputElement).selectionEnd,
  ]).toEqual([3, 3]);
});

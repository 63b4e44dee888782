import { FormDateField } from '@cadence/admin-kit/form-fields';
import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { makeAppBootstrap } from '@cadence/app-shell/test/fixtures';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormGenresPicker } from './genres-picker';

type TValues = { genres: string[]; release_date: string | null };

const CATALOGUE = ['Ambient', 'Ambient Techno', 'Jazz'];
const asked: string[] = [];
let latest: TValues | null = null;

function Harness({ initial }: { initial: TValues }) {
  const form = useForm<TValues>({ defaultValues: initial });
  latest = form.watch() as TValues;
  return (
    <FormProvider {...form}>
      <FormGenresPicker<TValues> name="genres" label="Genres" />
      <FormDateField<TValues> name="release_date" label="Release date" />
    </FormProvider>
  );
}

async function renderForm(initial: TValues) {
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Harness initial={initial} />
      </QueryClientProvider>,
    );
  });
}

beforeEach(() => {
  setBootstrapData(makeAppBootstrap());
  asked.length = 0;
  latest = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname !== '/api/v1/genres') return Response.json({ message: 'Not found' }, { status: 404 });
      const query = url.searchParams.get('query') ?? '';
      asked.push(query);
      const data = CATALOGUE.filter((name) => name.toLowerCase().includes(query.toLowerCase())).map(
        (name, index) => ({
          id: index + 1,
          name,
          display_name: null,
          image: null,
          popularity: 3 - index,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        }),
      );
      return Response.json({
        pagination: { data, current_page: 1, last_page: 1, per_page: 20, total: data.length },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the genres picker', () => {
  it("suggests the catalogue's genres as you type, adds a new one, and removes a pick", async () => {
    await renderForm({ genres: ['Jazz'], release_date: null });
    const input = screen.getByRole('combobox', { name: 'Genres' });
    await act(async () => {
      input.focus();
      fireEvent.change(input, { target: { value: 'ambi' } });
    });
    const listbox = await screen.findByRole('listbox', {}, { timeout: 5000 });
    await within(listbox).findByRole('option', { name: 'Ambient Techno' });
    expect(asked).toContain('ambi');
    // What was typed matches no genre exactly, so adding it as new is offered first.
    expect(within(listbox).getAllByRole('option')[0]?.textContent).toBe('Add “ambi”');
    await act(async () => {
      fireEvent.click(within(listbox).getByRole('option', { name: 'Ambient' }));
    });
    await waitFor(() => expect(latest?.genres).toEqual(['Jazz', 'Ambient']));
    expect((input as HTMLInputElement).value).toBe('');

    await act(async () => {
      fireEvent.change(input, { target: { value: 'Glasswave' } });
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('option', { name: 'Add “Glasswave”' }));
    });
    await waitFor(() => expect(latest?.genres).toEqual(['Jazz', 'Ambient', 'Glasswave']));

    // The suggestions stay open for the next pick; Escape closes them.
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Escape' });
      fireEvent.keyUp(input, { key: 'Escape' });
    });
    const picked = await screen.findByRole('grid');
    await act(async () => {
      fireEvent.click(within(picked).getByRole('button', { name: /^Remove Jazz/ }));
    });
    await waitFor(() => expect(latest?.genres).toEqual(['Ambient', 'Glasswave']));
  }, 60_000);

  it('does not suggest a genre already picked', async () => {
    await renderForm({ genres: ['Ambient'], release_date: null });
    const input = screen.getByRole('combobox', { name: 'Genres' });
    await act(async () => {
      input.focus();
      fireEvent.change(input, { target: { value: 'amb' } });
    });
    const listbox = await screen.findByRole('listbox', {}, { timeout: 5000 });
    await within(listbox).findByRole('option', { name: 'Ambient Techno' });
    expect(within(listbox).queryByRole('option', { name: 'Ambient' })).toBeNull();
  });
});

describe('the release date', () => {
  it('shows the stored date in segments and keeps it as YYYY-MM-DD when stepped with the arrows', async () => {
    await renderForm({ genres: [], release_date: '2024-05-17' });
    const group = screen.getByRole('group', { name: 'Release date' });
    const day = within(group)
      .getAllByRole('spinbutton')
      .find((segment) => segment.getAttribute('aria-valuenow') === '17');
    expect(day).toBeTruthy();
    await act(async () => {
      day?.focus();
      fireEvent.keyDown(day as HTMLElement, { key: 'ArrowUp' });
      fireEvent.keyUp(day as HTMLElement, { key: 'ArrowUp' });
    });
    await waitFor(() => expect(latest?.release_date).toBe('2024-05-18'));
    expect(within(group).getByRole('button', { name: /Calendar/ })).toBeTruthy();
  });
});

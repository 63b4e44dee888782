import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFixture } from '../../test/bootstrap-fixture';
import { ArtistPicker, type TPickedArtist } from './artist-picker';

const catalogue = [
  { id: 1, name: 'Aurora Lane' },
  { id: 2, name: 'Night Owls' },
  { id: 3, name: 'Northern Lights' },
];
const searches: (string | null)[] = [];

beforeEach(() => {
  setBootstrapData(bootstrapFixture());
  searches.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname !== '/api/v1/admin/artists') return Response.json({}, { status: 404 });
      const query = url.searchParams.get('query');
      searches.push(query);
      const data = catalogue
        .filter((artist) => !query || artist.name.toLowerCase().includes(query.toLowerCase()))
        .map((artist) => ({ ...artist, image: null, plays: 0, verified: false, disabled: false }));
      return Response.json({ pagination: { data, per_page: 20, total: data.length, total_capped: false } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ onPick }: { onPick: (artist: TPickedArtist | null) => void }) {
  const [value, setValue] = useState<TPickedArtist | null>(null);
  return (
    <ArtistPicker
      label="Artist"
      value={value}
      onChange={(artist) => {
        setValue(artist);
        onPick(artist);
      }}
    />
  );
}

async function renderPicker() {
  const onPick = vi.fn();
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Harness onPick={onPick} />
      </QueryClientProvider>,
    );
  });
  return onPick;
}

describe('ArtistPicker', () => {
  it('searches the catalogue as the admin types and picks with the keyboard', async () => {
    const onPick = await renderPicker();
    const input = screen.getByRole('combobox', { name: 'Artist' });
    expect((input as HTMLInputElement).required).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Show artists/ }));
    await screen.findByRole('option', { name: 'Aurora Lane' });
    await act(async () => {
      input.focus();
      fireEvent.change(input, { target: { value: 'nor' } });
    });
    // The rows of the previous search are gone at once: Enter cannot pick a stale row.
    expect(screen.queryByRole('option', { name: 'Aurora Lane' })).toBeNull();
    expect(screen.getByText('Searching...')).toBeTruthy();
    await waitFor(() => expect(searches).toContain('nor'));
    const option = await screen.findByRole('option', { name: 'Northern Lights' });
    expect(screen.queryByRole('option', { name: 'Aurora Lane' })).toBeNull();
    expect(option).toBeTruthy();
    await act(async () => {
      fireEvent.keyDown(input, { key: 'ArrowDown' });
    });
    expect(input.getAttribute('aria-activedescendant')).toBe(option.id);
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onPick).toHaveBeenLastCalledWith({ id: 3, name: 'Northern Lights' });
    expect((input as HTMLInputElement).value).toBe('Northern Lights');
  });

  it('says so when no artist matches', async () => {
    await renderPicker();
    const input = screen.getByRole('combobox', { name: 'Artist' });
    await act(async () => {
      input.focus();
      fireEvent.change(input, { target: { value: 'zzz' } });
    });
    expect(await screen.findByText('There are no items matching your query')).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Aurora|Owls|Northern/ })).toBeNull();
  });

  it('opens the whole list from its button', async () => {
    const onPick = await renderPicker();
    fireEvent.click(screen.getByRole('button', { name: /Show artists/ }));
    await screen.findByRole('option', { name: 'Northern Lights' });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(catalogue.map((artist) => artist.name));
    await act(async () => {
      fireEvent.click(screen.getByRole('option', { name: 'Night Owls' }));
    });
    expect(onPick).toHaveBeenLastCalledWith({ id: 2, name: 'Night Owls' });
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TPlayerTrack } from '../playback/player-track';
import { renderWithPlayer, testTrack } from '../test-utils';
import { TRACKS_DRAG_TYPE } from './track-drag';
import { TrackTable, VIRTUALISE_FROM } from './track-table';

afterEach(cleanup);

const tracks = [testTrack(1), testTrack(2), testTrack(3)];
const manyTracks = (count: number): TPlayerTrack[] =>
  Array.from({ length: count }, (_, i) => testTrack(i + 1));
const rows = () => screen.getAllByTestId('track-row');
const row = (index: number) => rows()[index] as HTMLElement;
const selectedNumbers = () =>
  rows()
    .filter((element) => element.getAttribute('aria-selected') === 'true')
    .map((element) => Number(element.getAttribute('data-row-index')) + 1);

/** A scroll box like the layout's, with the height jsdom cannot compute. */
function ScrollBox({ children }: { children: React.ReactNode }) {
  return (
    <div
      style={{ overflowY: 'auto' }}
      ref={(element) => {
        if (element) Object.defineProperty(element, 'clientHeight', { configurable: true, value: 600 });
      }}
    >
      {children}
    </div>
  );
}

describe('TrackTable', () => {
  it('leaves a plain table’s rows after the first screen to content-visibility, at their exact height', () => {
    renderWithPlayer(<TrackTable tracks={manyTracks(14)} aria-label="Songs" />);
    expect(rows()).toHaveLength(14);
    expect(row(9).style.contentVisibility).toBe('');
    expect(row(10).style.contentVisibility).toBe('auto');
    expect(row(10).style.containIntrinsicSize).toBe(`auto ${row(10).style.height}`);
    // Still reachable from the keyboard: arrows move the tab stop into a skipped row.
    expect(row(13).getAttribute('tabindex')).toBe('-1');
  });

  it('starts loading a row’s track when the row is hovered or focused, before its play button is pressed', () => {
    const { store } = renderWithPlayer(<TrackTable tracks={tracks} aria-label="Songs" />);
    const commands: string[] = [];
    store.onCommand((command) =>
      commands.push(
        command.type === 'prepare' ? `prepare ${command.track.id} ${command.preload}` : command.type,
      ),
    );
    // The row's title cell, not its (hidden until hovered) play button.
    fireEvent.pointerOver(within(row(1)).getByText(tracks[1]?.name as string));
    fireEvent.focus(row(2));
    fireEvent.pointerDown(row(0));
    expect(commands).toEqual(['warmUp', 'prepare 2 metadata', 'prepare 3 metadata', 'prepare 1 auto']);
  });

  it('plays the list from a row on double-click and highlights the playing row', () => {
    const { store } = renderWithPlayer(<TrackTable tracks={tracks} aria-label="Songs" />);
    expect(rows()).toHaveLength(3);
    fireEvent.doubleClick(row(1));
    expect(store.currentItem()?.track.id).toBe(2);
    expect(store.getSnapshot().queue.items.map((item) => item.track.id)).toEqual([1, 2, 3]);
    expect(row(1).getAttribute('data-playing')).toBe('true');
    expect(row(0).getAttribute('data-playing')).toBeNull();
  });

  it('plays with Enter and toggles pause from the row play button of the playing track', () => {
    const { store } = renderWithPlayer(<TrackTable tracks={tracks} aria-label="Songs" />);
    fireEvent.keyDown(row(2), { key: 'Enter' });
    expect(store.currentItem()?.track.id).toBe(3);
    expect(store.getSnapshot().isPlaying).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(store.getSnapshot().isPlaying).toBe(false);
  });

  it('shows title, artists, album and duration in a grid with row indexes', () => {
    renderWithPlayer(<TrackTable tracks={[testTrack(7)]} aria-label="Songs" />);
    const grid = screen.getByRole('grid', { name: 'Songs' });
    expect(grid.getAttribute('aria-rowcount')).toBe('2');
    expect(grid.getAttribute('aria-multiselectable')).toBe('true');
    const only = row(0);
    expect(only.getAttribute('aria-rowindex')).toBe('2');
    expect(only.textContent).toContain('Song 7');
    expect(only.textContent).toContain('Artist 7');
    expect(only.textContent).toContain('Album 7');
    expect(only.textContent).toContain('2:00');
  });

  it('selects with click, toggles with Ctrl/Cmd, extends with Shift, all with Ctrl+A, clears with Escape', () => {
    renderWithPlayer(<TrackTable tracks={manyTracks(8)} aria-label="Songs" />);
    fireEvent.click(row(1));
    expect(selectedNumbers()).toEqual([2]);
    fireEvent.click(row(4), { ctrlKey: true });
    fireEvent.click(row(6), { metaKey: true });
    expect(selectedNumbers()).toEqual([2, 5, 7]);
    fireEvent.click(row(4), { ctrlKey: true });
    expect(selectedNumbers()).toEqual([2, 7]);
    fireEvent.click(row(2));
    fireEvent.click(row(5), { shiftKey: true });
    expect(selectedNumbers()).toEqual([3, 4, 5, 6]);
    fireEvent.click(row(0), { shiftKey: true });
    expect(selectedNumbers()).toEqual([1, 2, 3]);
    fireEvent.keyDown(row(0), { key: 'a', ctrlKey: true });
    expect(selectedNumbers()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(screen.getByTestId('track-selection-status').textContent).toBe('8 selected tracks');
    fireEvent.keyDown(row(0), { key: 'Escape' });
    expect(selectedNumbers()).toEqual([]);
  });

  it('drags the selection when a selected row is dragged, and a lone row otherwise', () => {
    renderWithPlayer(<TrackTable tracks={manyTracks(6)} aria-label="Songs" />);
    const drag = (element: HTMLElement) => {
      const data = new Map<string, string>();
      const dataTransfer = {
        setData: (type: string, value: string) => data.set(type, value),
        effectAllowed: '',
      };
      fireEvent.dragStart(element, { dataTransfer });
      return {
        ids: JSON.parse(data.get(TRACKS_DRAG_TYPE) ?? 'null'),
        text: data.get('text/plain'),
        dataTransfer,
      };
    };
    expect(row(0).getAttribute('draggable')).toBe('true');
    fireEvent.click(row(4));
    fireEvent.click(row(1), { ctrlKey: true });
    const selected = drag(row(4));
    expect(selected.ids).toEqual([2, 5]);
    expect(selected.text).toBe(`${location.origin}/track/2/song-2\n${location.origin}/track/5/song-5`);
    expect(selected.dataTransfer.effectAllowed).toBe('copy');
    // From the title link inside a row that is not selected: that row's track alone.
    expect(drag(within(row(3)).getByRole('link', { name: 'Song 4' })).ids).toEqual([4]);
  });

  it('plays on a double-click over the title link, but not over a row button', () => {
    const { store } = renderWithPlayer(<TrackTable tracks={tracks} aria-label="Songs" />);
    fireEvent.doubleClick(within(row(0)).getByRole('button', { name: 'More options' }));
    expect(store.currentItem()).toBeNull();
    fireEvent.doubleClick(within(row(2)).getByRole('link', { name: 'Song 3' }));
    expect(store.currentItem()?.track.id).toBe(3);
  });

  it('does not select when a link or button inside the row is clicked', () => {
    renderWithPlayer(<TrackTable tracks={tracks} aria-label="Songs" />);
    fireEvent.click(within(row(0)).getByRole('link', { name: 'Artist 1' }));
    expect(selectedNumbers()).toEqual([]);
  });

  it('moves focus between rows with the arrows, keeps one tab stop, and extends with Shift', () => {
    renderWithPlayer(<TrackTable tracks={manyTracks(5)} aria-label="Songs" />);
    expect(rows().map((element) => element.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    row(0).focus();
    fireEvent.keyDown(row(0), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(row(1));
    expect(rows().map((element) => element.tabIndex)).toEqual([-1, 0, -1, -1, -1]);
    fireEvent.keyDown(row(1), { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(row(2), { key: 'ArrowDown', shiftKey: true });
    expect(document.activeElement).toBe(row(3));
    expect(selectedNumbers()).toEqual([2, 3, 4]);
    fireEvent.keyDown(row(3), { key: 'End' });
    expect(document.activeElement).toBe(row(4));
    fireEvent.keyDown(row(4), { key: ' ' });
    expect(selectedNumbers()).toEqual([2, 3, 4, 5]);
    fireEvent.keyDown(row(4), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(row(3));
  });

  it('keeps the selection when the next page is appended and drops it for another list', () => {
    function Growing() {
      const [list, setList] = useState(manyTracks(4));
      return (
        <>
          <button type="button" onClick={() => setList([...list, testTrack(99)])}>
            Next page
          </button>
          <button type="button" onClick={() => setList([testTrack(50), ...list])}>
            Other list
          </button>
          <TrackTable tracks={list} aria-label="Songs" />
        </>
      );
    }
    renderWithPlayer(<Growing />);
    fireEvent.click(row(1));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(rows()).toHaveLength(5);
    expect(selectedNumbers()).toEqual([2]);
    fireEvent.click(screen.getByRole('button', { name: 'Other list' }));
    expect(selectedNumbers()).toEqual([]);
  });

  it('acts on the selection from the context menu, which loads on first open', async () => {
    const removed: number[][] = [];
    const { store } = renderWithPlayer(
      <TrackTable
        tracks={manyTracks(6)}
        aria-label="Songs"
        onRemove={(list) => removed.push(list.map((track) => track.id))}
      />,
    );
    fireEvent.click(row(1));
    fireEvent.click(row(3), { shiftKey: true });
    fireEvent.contextMenu(row(2));
    const menu = await screen.findByRole('menu', { name: '3 selected tracks' }, { timeout: 20_000 });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Add to queue' }));
    expect(store.getSnapshot().queue.items.map((item) => item.track.id)).toEqual([2, 3, 4]);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.contextMenu(row(3));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove from this playlist' }));
    expect(removed).toEqual([[2, 3, 4]]);
  }, 30_000);

  it('right-click outside the selection acts on that row alone', async () => {
    const { store } = renderWithPlayer(<TrackTable tracks={manyTracks(6)} aria-label="Songs" />);
    fireEvent.click(row(0));
    fireEvent.click(row(1), { ctrlKey: true });
    fireEvent.contextMenu(row(4));
    expect(selectedNumbers()).toEqual([5]);
    const menu = await screen.findByRole('menu', { name: 'Track options' }, { timeout: 20_000 });
    expect(within(menu).queryByRole('menuitem', { name: 'Remove from this playlist' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Play next' }));
    expect(store.getSnapshot().queue.items.map((item) => item.track.id)).toEqual([5]);
  }, 30_000);

  it(`renders a bounded number of rows for ${5000} tracks and keeps the full height`, async () => {
    renderWithPlayer(
      <ScrollBox>
        <TrackTable tracks={manyTracks(5000)} totalCount={5000} aria-label="History" />
      </ScrollBox>,
    );
    await waitFor(() => expect(rows().length).toBeLessThan(VIRTUALISE_FROM), { timeout: 20_000 });
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThanOrEqual(Math.ceil(600 / 56) + 2 * 8 + 1);
    expect(screen.getByTestId('track-table-body').style.height).toBe(`${5000 * 56}px`);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('5001');
    expect(row(0).getAttribute('aria-rowindex')).toBe('2');
  }, 30_000);

  it('renders every row of a short list without virtualising', () => {
    renderWithPlayer(
      <ScrollBox>
        <TrackTable tracks={manyTracks(VIRTUALISE_FROM - 1)} aria-label="Songs" />
      </ScrollBox>,
    );
    expect(rows()).toHaveLength(VIRTUALISE_FROM - 1);
  });
});

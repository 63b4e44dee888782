import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { playerTrackFixture } from '../../test/player-track-fixture';
import { setPlayer } from './player-instance';
import { createPlayerStore } from './player-store';
import { useTrackPlayState } from './use-player';

afterEach(() => {
  cleanup();
  setPlayer(null);
});

const track = (id: number) => playerTrackFixture(id);

const renders = new Map<number, number>();

function Row({ id }: { id: number }) {
  const state = useTrackPlayState(id);
  renders.set(id, (renders.get(id) ?? 0) + 1);
  return <span data-testid={`row-${id}`}>{state ?? 'idle'}</span>;
}

describe('useTrackPlayState', () => {
  it('answers per track and re-renders only the rows whose answer changed', () => {
    const store = createPlayerStore({ storage: null });
    setPlayer(store);
    const tracks = [1, 2, 3, 4].map(track);
    render(
      <div>
        {tracks.map((item) => (
          <Row key={item.id} id={item.id} />
        ))}
      </div>,
    );
    renders.clear();
    act(() => store.playTracks(tracks, 1));
    expect(screen.getByTestId('row-2').textContent).toBe('playing');
    expect(screen.getByTestId('row-1').textContent).toBe('idle');
    expect([...renders.keys()]).toEqual([2]);

    renders.clear();
    act(() => store.pause());
    expect(screen.getByTestId('row-2').textContent).toBe('paused');
    act(() => store.setPosition(0.5));
    expect([...renders.entries()]).toEqual([[2, 1]]);

    renders.clear();
    act(() => store.next());
    expect(screen.getByTestId('row-2').textContent).toBe('idle');
    expect(screen.getByTestId('row-3').textContent).toBe('paused');
    expect([...renders.keys()].sort()).toEqual([2, 3]);
  });
});

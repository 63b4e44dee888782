import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrapFixture } from '../../test/bootstrap-fixture';
import { ContentList, move, type TContentItem } from './content-list';

const items: TContentItem[] = ['Album A', 'Album B', 'Album C'].map((name, index) => ({
  model_type: 'album',
  model_id: index + 1,
  name,
  image: null,
}));

function Harness() {
  const [list, setList] = useState(items);
  return <ContentList items={list} onChange={setList} />;
}

const names = () =>
  screen.getAllByTestId('channel-content-item').map((row) => row.textContent?.match(/Album [ABC]/)?.[0]);

beforeEach(() => setBootstrapData(bootstrapFixture()));
afterEach(cleanup);

describe('channel content list', () => {
  it('moves items in a list and ignores moves past the ends', () => {
    expect(move([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 2, 3)).toEqual([1, 2, 3]);
  });

  it('reorders by keyboard (Alt+Arrow on a focused row) and announces the move', () => {
    render(<Harness />);
    const rows = screen.getAllByTestId('channel-content-item');
    fireEvent.keyDown(rows[2] as HTMLElement, { key: 'ArrowUp', altKey: true });
    expect(names()).toEqual(['Album A', 'Album C', 'Album B']);
    expect(screen.getByTestId('content-announcement').textContent).toBe('Album C moved to position 2 of 3');
    fireEvent.keyDown(screen.getAllByTestId('channel-content-item')[0] as HTMLElement, {
      key: 'ArrowDown',
      altKey: true,
    });
    expect(names()).toEqual(['Album C', 'Album A', 'Album B']);
    // Without Alt the arrows keep their usual meaning.
    fireEvent.keyDown(screen.getAllByTestId('channel-content-item')[0] as HTMLElement, { key: 'ArrowDown' });
    expect(names()).toEqual(['Album C', 'Album A', 'Album B']);
  });

  it('reorders by dragging a row onto another and removes items', () => {
    render(<Harness />);
    const rows = screen.getAllByTestId('channel-content-item');
    fireEvent.dragStart(rows[0] as HTMLElement);
    fireEvent.drop(rows[2] as HTMLElement);
    expect(names()).toEqual(['Album B', 'Album C', 'Album A']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Album C' }));
    expect(names()).toEqual(['Album B', 'Album A']);
  });
});

import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import type { TPartyMessage } from '@cadence/contracts/party';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFixture } from '../../test/bootstrap-fixture';
import { PartyReactions } from './party-reactions';

const react = vi.hoisted(() => vi.fn());
vi.mock('./party-api', () => ({ partyApi: { react } }));

beforeEach(() => setBootstrapData(bootstrapFixture()));
afterEach(() => {
  cleanup();
  react.mockReset();
});

const ann = { id: 1, name: 'Ann', image: null };
const bob = { id: 2, name: 'Bob', image: null };
const line: TPartyMessage = {
  id: 9,
  content: 'what a drop',
  position_ms: null,
  track_position: null,
  user: ann,
  reactions: [
    { emoji: '🔥', count: 2, users: [ann, bob] },
    { emoji: '👏', count: 1, users: [bob] },
  ],
  created_at: '2026-11-29T18:00:00.000Z',
};

describe('PartyReactions', () => {
  it('names each count by who reacted, pressed when one of them is me', () => {
    render(<PartyReactions code="ABCDEF" message={line} userId={ann.id} canReact />);
    const fire = screen.getByRole('button', { name: 'Fire, 2: Ann, Bob' });
    expect(fire.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Applause, 1: Bob' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('toggles a reaction, and adds one from the fixed set behind "React"', async () => {
    react.mockResolvedValue(line);
    render(<PartyReactions code="ABCDEF" message={line} userId={ann.id} canReact />);
    fireEvent.click(screen.getByRole('button', { name: 'Fire, 2: Ann, Bob' }));
    expect(react).toHaveBeenLastCalledWith('ABCDEF', 9, '🔥');

    const open = screen.getByRole('button', { name: 'React' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Laughing' })).toBeNull();
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Laughing' }));
    expect(react).toHaveBeenLastCalledWith('ABCDEF', 9, '😂');
  });

  it('shows a guest the counts and names, without buttons', () => {
    render(<PartyReactions code="ABCDEF" message={line} userId={null} canReact={false} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('img', { name: 'Fire, 2: Ann, Bob' })).toBeTruthy();
  });
});

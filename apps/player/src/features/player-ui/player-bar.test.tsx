import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readPlayerSettings } from '../playback/player-settings';
import { renderWithPlayer, testTrack } from '../test-utils';
import { PlayerBar } from './player-bar';

afterEach(cleanup);

describe('PlayerBar', () => {
  it('shows the playing track and drives the store from its controls', async () => {
    const { store } = renderWithPlayer(<PlayerBar settings={readPlayerSettings({})} />);
    expect(screen.getByRole('button', { name: 'Play' }).hasAttribute('disabled')).toBe(true);
    act(() => store.playTracks([testTrack(1), testTrack(2)]));
    expect(screen.getByTestId('player-track-name').textContent).toBe('Song 1');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(store.getSnapshot().isPlaying).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('player-track-name').textContent).toBe('Song 2');
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    expect(store.getSnapshot().queue.isShuffled).toBe(true);
    fireEvent.click(screen.getByTestId('player-repeat'));
    expect(store.getSnapshot().queue.repeat).toBe('all');
  });

  it('seeks with the slider and shows the times', () => {
    const { store } = renderWithPlayer(<PlayerBar settings={readPlayerSettings({})} />);
    act(() => {
      store.playTracks([testTrack(1)]);
      store.setDuration(120);
      store.setPosition(30);
    });
    expect(screen.getByTestId('player-position').textContent).toBe('0:30');
    expect(screen.getByTestId('player-duration').textContent).toBe('2:00');
    const seek = screen.getByRole('slider', { name: 'Seek' });
    fireEvent.change(seek, { target: { value: '90' } });
    fireEvent.pointerUp(seek);
    expect(store.getSnapshot().position).toBe(90);
  });

  it('names the volume slider and speaks its value', () => {
    renderWithPlayer(<PlayerBar settings={readPlayerSettings({})} />);
    const volume = screen.getByRole('slider', { name: 'Volume' });
    fireEvent.change(volume, { target: { value: '40' } });
    expect(volume.getAttribute('aria-valuetext')).toBe('40%');
    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(volume.getAttribute('aria-valuetext')).toBe('Muted');
  });

  it('hides the queue button when the settings say so', () => {
    renderWithPlayer(<PlayerBar settings={readPlayerSettings({ player: { hide_queue: true } })} />);
    expect(screen.queryByTestId('queue-toggle')).toBeNull();
  });
});

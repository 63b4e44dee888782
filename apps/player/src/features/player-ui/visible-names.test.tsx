import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FollowButton } from '../library/follow-button';
import { renderWithPlayer, testTrack } from '../test-utils';
import { MobilePlayer } from './mobile-player';

afterEach(cleanup);

/**
 * WCAG 2.5.3 (label in name): a control's accessible name contains the words it shows, so a
 * voice-control user can say what they see. The catalogue's Chromium story tests caught these
 * (axe's label-content-name-mismatch cannot see visible text in jsdom).
 */
describe('names that contain the visible text', () => {
  it('the mobile player opens now playing by the title and artists it shows', () => {
    const { store } = renderWithPlayer(<MobilePlayer />);
    act(() => store.playTracks([testTrack(1)]));
    const button = screen.getByRole('button', { name: /^Open now playing: Song 1/ });
    expect(button.hasAttribute('aria-label')).toBe(false);
    expect(button.textContent).toContain('Song 1');
  });

  it('the follow button is named by its visible word and the artist', () => {
    renderWithPlayer(<FollowButton type="artist" id={101} name="The Midnight Hours" />);
    const button = screen.getByRole('button', { name: 'Follow The Midnight Hours' });
    expect(button.hasAttribute('aria-label')).toBe(false);
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });
});

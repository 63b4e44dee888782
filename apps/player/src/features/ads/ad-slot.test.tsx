import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bootstrapFixture, userFixture } from '../../test/bootstrap-fixture';
import { AdSlot } from './ad-slot';

function withAds(ads: Record<string, unknown>, subscribed = false) {
  const data = bootstrapFixture();
  const user = subscribed ? userFixture({ subscriptions: [{ valid: true, active: true }] }) : data.user;
  setBootstrapData({ ...data, user, settings: { ...data.settings, ads } as typeof data.settings });
}

describe('AdSlot', () => {
  it('renders the slot in a sandboxed frame without the site origin, sized to what the frame reports', async () => {
    withAds({ artist_top: '<script>document.write("ad")</script>', disable: false });
    render(<AdSlot slot="artist_top" />);
    const frame = (await screen.findByTitle('Advertisement')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('src')).toMatch(/\/api\/v1\/ads\/artist_top\/frame\?v=/);
    expect(frame.style.height).toBe('0px');
    // A message from anything but the frame is ignored; the frame's own height is applied.
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { source: 'cadence-ad-frame', height: 90 } }));
    });
    expect(frame.style.height).toBe('0px');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { source: 'cadence-ad-frame', height: 90.2 },
          source: frame.contentWindow,
        }),
      );
    });
    expect(frame.style.height).toBe('91px');
  });

  it('asks the loaded frame to report its height again (a first report it missed would leave 0 px)', async () => {
    withAds({ general_top: '<p>Ad</p>', disable: false });
    render(<AdSlot slot="general_top" />);
    const frame = (await screen.findByTitle('Advertisement')) as HTMLIFrameElement;
    const post = vi.spyOn(frame.contentWindow as Window, 'postMessage');
    fireEvent.load(frame);
    expect(post).toHaveBeenCalledWith({ source: 'cadence-ad-host' }, '*');
  });

  it('renders nothing for an empty slot, when ads are disabled, or for a subscriber unless allowed', async () => {
    withAds({ artist_top: '<p>Ad</p>', album_above: '', disable: true });
    const { container, rerender } = render(
      <>
        <AdSlot slot="artist_top" />
        <AdSlot slot="album_above" />
      </>,
    );
    expect(container.innerHTML).toBe('');
    act(() => withAds({ artist_top: '<p>Ad</p>' }, true));
    rerender(<AdSlot slot="artist_top" />);
    expect(container.innerHTML).toBe('');
    act(() => withAds({ artist_top: '<p>Ad</p>', hide_for_subscribers: false }, true));
    rerender(<AdSlot slot="artist_top" />);
    // The frame's code loads with the first configured slot.
    expect(await within(container).findByTitle('Advertisement')).toBe(container.querySelector('iframe'));
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSocialPopup, popupFeatures, SOCIAL_POPUP_POLL_MS } from './social-popup';

function fakeHost() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const popup = { closed: false, close: vi.fn() };
  const host = {
    open: vi.fn(() => popup as unknown as Window),
    addEventListener: vi.fn((_type: string, listener: (event: MessageEvent) => void) =>
      listeners.add(listener),
    ),
    removeEventListener: vi.fn((_type: string, listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
    ),
    screenX: 100,
    screenY: 50,
    outerWidth: 1650,
    outerHeight: 1050,
    location: { origin: 'http://localhost:3000' },
  };
  const post = (origin: string, data: unknown) => {
    for (const listener of [...listeners]) listener(new MessageEvent('message', { origin, data }));
  };
  return { host, popup, post, listeners };
}

const success = { type: 'social-auth', status: 'ERROR', callbackData: { errorMessage: 'nope' } };

describe('openSocialPopup (spec 7 popup protocol)', () => {
  afterEach(() => vi.useRealTimers());

  it('opens a centred 650x550 popup', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1650, outerHeight: 1050 })).toBe(
      'width=650,height=550,left=600,top=300',
    );
  });

  it('ignores messages from another origin or of another type, then accepts its own', async () => {
    const { host, post, listeners, popup } = fakeHost();
    const result = openSocialPopup('/secure/auth/social/google/login', host as never);
    post('http://evil.test', success);
    post('http://localhost:3000', { type: 'other' });
    expect(listeners.size).toBe(1);
    post('http://localhost:3000', success);
    await expect(result).resolves.toEqual(success);
    expect(listeners.size).toBe(0);
    expect(popup.close).toHaveBeenCalled();
  });

  it('listens to the api origin when the api is elsewhere', async () => {
    const { host, post } = fakeHost();
    const result = openSocialPopup('http://api.example.com/secure/auth/social/google/login', host as never);
    post('http://localhost:3000', success);
    post('http://api.example.com', success);
    await expect(result).resolves.toEqual(success);
  });

  it('settles with null once the popup is closed, checked every second', async () => {
    vi.useFakeTimers();
    const { host, popup } = fakeHost();
    const result = openSocialPopup('/x', host as never);
    let settled: unknown = 'pending';
    void result.then((value) => {
      settled = value;
    });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeNull();
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBootstrapData } from './bootstrap-store';
import { CookieNotice } from './cookie-notice';
import { writeCookie } from './cookies';
import { makeBootstrap } from './test/fixtures';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) writeCookie(name, '', -1);
  }
}

function withNotice(overrides: { show?: boolean; position?: 'top' | 'bottom'; button?: object | null } = {}) {
  const base = makeBootstrap();
  setBootstrapData({
    ...base,
    show_cookie_notice: overrides.show ?? true,
    settings: {
      ...base.settings,
      cookie_notice: {
        enable: true,
        position: overrides.position ?? 'bottom',
        button: (overrides.button ?? null) as never,
      },
    },
  });
}

describe('cookie notice (spec 2.3, 4)', () => {
  beforeEach(clearCookies);
  afterEach(cleanup);

  it('is hidden when bootstrap data says not to show it', () => {
    withNotice({ show: false });
    render(<CookieNotice />);
    expect(screen.queryByTestId('cookie-notice')).toBeNull();
  });

  it('shows at the configured position until accepted, then sets the cookie and hides', () => {
    withNotice({ position: 'top' });
    render(<CookieNotice />);
    const bar = screen.getByTestId('cookie-notice');
    expect(bar.dataset.position).toBe('top');
    expect(bar.className).toContain('top-0');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByTestId('cookie-notice')).toBeNull();
    expect(document.cookie).toContain('cookie_notice=true');
  });

  it('stays hidden once the cookie says it was accepted', () => {
    writeCookie('cookie_notice', 'true');
    withNotice();
    render(<CookieNotice />);
    expect(screen.queryByTestId('cookie-notice')).toBeNull();
  });

  it('offers the configured "Learn more" button', () => {
    withNotice({ button: { label: 'Privacy policy', action: '/pages/privacy', type: 'route' } });
    render(<CookieNotice />);
    const link = screen.getByRole('link', { name: 'Privacy policy' });
    expect(link.getAttribute('href')).toBe('/pages/privacy');
  });
});

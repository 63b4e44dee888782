import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getBootstrapData, setBootstrapData } from './bootstrap-store';
import { COOKIE_NOTICE_COOKIE, CookieNotice } from './cookie-notice';
import { writeCookie } from './cookies';

/** Forgets an earlier Accept (an expired cookie). */
const forgetAccept = () => writeCookie(COOKIE_NOTICE_COOKIE, '', -1);

type TNotice = ReturnType<typeof getBootstrapData>['settings']['cookie_notice'];

/** The site shows the notice with these settings (admin: Settings > GDPR), until it is accepted. */
function notice(cookieNotice: Partial<TNotice>) {
  return () => {
    const before = getBootstrapData();
    forgetAccept();
    setBootstrapData({
      ...before,
      show_cookie_notice: true,
      settings: { ...before.settings, cookie_notice: { ...before.settings.cookie_notice, ...cookieNotice } },
    });
    return () => {
      forgetAccept();
      setBootstrapData(before);
    };
  };
}

/** Spec 2.3 / 4: a bar at the top or bottom until accepted; Accept remembers it for 30 days. */
const meta = {
  title: 'CookieNotice',
  component: CookieNotice,
  beforeEach: notice({ enable: true, position: 'bottom', button: null }),
} satisfies Meta<typeof CookieNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Bottom: Story = {};

export const TopWithLearnMore: Story = {
  beforeEach: notice({
    enable: true,
    position: 'top',
    button: { label: 'Learn more', action: '/pages/privacy', type: 'route' },
  }),
};

export const Accepting: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Cookie notice' })).toBeNull());
  },
};

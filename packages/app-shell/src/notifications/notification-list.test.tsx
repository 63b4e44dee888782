import type { TNotification } from '@cadence/contracts/notification';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../auth/test-helpers/fake-api';
import { renderRoutes } from '../auth/test-helpers/render-route';
import { getBootstrapData } from '../bootstrap-store';
import { makeBootstrap, makeUser } from '../test/fixtures';
import { NotificationBell } from './notification-bell';
import { NotificationsPage } from './notifications-page';

const ID = '5b0b5e8e-7c55-4f7a-9d1c-2b1f0f4c9a11';

function notification(data: Partial<TNotification['data']> = {}): TNotification {
  return {
    id: ID,
    type: 'backstage_request_handled',
    read_at: null,
    created_at: new Date().toISOString(),
    data: {
      lines: [{ type: 'primary', content: 'Your request to become an artist was approved.' }],
      ...data,
    },
  };
}

function api(item: TNotification) {
  return fakeApi({
    'GET /api/v1/notifications': {
      body: { pagination: { data: [item], current_page: 1, per_page: 30, total: 1, last_page: 1 } },
    },
    'POST /api/v1/notifications/mark-as-read': { body: { unreadCount: 0 } },
  });
}

const routes = [
  { path: 'notifications', element: <NotificationsPage /> },
  { path: 'bell', element: <NotificationBell /> },
  { path: 'library', element: <p data-testid="library">library</p> },
];
const bootstrap = () => makeBootstrap({ user: makeUser({ unread_notifications_count: 1 }) });

const markCalls = (calls: ReturnType<typeof api>['calls']) =>
  calls.filter((call) => call.path === '/api/v1/notifications/mark-as-read');

describe('a notification is marked read when clicked (spec 4)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('on /notifications: follows a path of this app and marks the notification read', async () => {
    const { calls } = api(notification({ mainAction: { action: '/library', label: 'Open' } }));
    const router = await renderRoutes(routes, '/notifications', bootstrap());
    await userEvent.click(await screen.findByRole('link', { name: /was approved/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
    await waitFor(() => expect(markCalls(calls).map((call) => call.body)).toEqual([{ ids: [ID] }]));
    await waitFor(() => expect(getBootstrapData().user?.unread_notifications_count).toBe(0));
  });

  it('in the bell: marks read before leaving for another app (approved request -> /backstage/upload)', async () => {
    const { calls } = api(
      notification({ mainAction: { action: '/backstage/upload', label: 'Upload your music' } }),
    );
    await renderRoutes(routes, '/bell', bootstrap());
    await userEvent.click(screen.getByTestId('notification-bell'));
    const popover = await screen.findByTestId('notification-popover');
    const link = await within(popover).findByRole('link', { name: /was approved/ });
    expect(link.getAttribute('href')).toMatch(/\/backstage\/upload$/);
    let isPrevented = false;
    await act(async () => {
      isPrevented = !fireEvent.click(link);
    });
    // The page unloads on a cross-app link: the read mark is sent first, then the page moves.
    expect(isPrevented).toBe(true);
    await waitFor(() => expect(markCalls(calls).map((call) => call.body)).toEqual([{ ids: [ID] }]));
    await waitFor(() => expect(getBootstrapData().user?.unread_notifications_count).toBe(0));
  });

  it('without a main action the line itself marks it read', async () => {
    const { calls } = api(notification());
    await renderRoutes(routes, '/notifications', bootstrap());
    await userEvent.click(await screen.findByRole('button', { name: /was approved/ }));
    await waitFor(() => expect(markCalls(calls).map((call) => call.body)).toEqual([{ ids: [ID] }]));
  });
});

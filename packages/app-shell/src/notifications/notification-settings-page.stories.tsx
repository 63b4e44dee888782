import { ZNotificationSubscriptionsSchema } from '@cadence/contracts/notification';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fixture, withRouter, withSettings } from '../test/story-helpers';
import { NotificationSettingsPage } from './notification-settings-page';

/** `GET api/v1/notifications/me/subscriptions`: the groups, the channels and what the user chose. */
const subscriptions = () =>
  fixture(ZNotificationSubscriptionsSchema, {
    available_channels: ['email', 'browser'],
    subscriptions: [
      {
        group_name: 'Music',
        subscriptions: [
          { notif_id: 'artist_uploaded_media', name: 'New music from artists I follow' },
          { notif_id: 'comment_reply', name: 'Replies to my comments' },
        ],
      },
      {
        group_name: 'Billing',
        subscriptions: [
          { notif_id: 'invoice_paid', name: 'Payment receipts' },
          { notif_id: 'payment_failed', name: 'Failed payments' },
        ],
      },
    ],
    user_selections: [
      { notif_id: 'comment_reply', channels: { email: false, browser: true } },
      { notif_id: 'invoice_paid', channels: { email: true, browser: false } },
      { notif_id: 'payment_failed', channels: { email: true, browser: false } },
    ],
  });

const api = [
  http.get('*/api/v1/notifications/me/subscriptions', () => HttpResponse.json(subscriptions())),
  // `http-client` sends PUT as POST with X-HTTP-Method-Override.
  http.post('*/api/v1/notifications/me/subscriptions', () =>
    HttpResponse.json({ message: 'Updated preferences' }),
  ),
];

/** Spec 2.7 `/notifications/settings`: a grid per group, a column per channel (the header ticks the whole column). */
const meta = {
  title: 'Notifications/NotificationSettingsPage',
  component: NotificationSettingsPage,
  decorators: [withRouter],
  beforeEach: [withSettings({ notif: { subs: { integrated: true } } })],
  parameters: { route: '/notifications/settings', routePath: '/notifications/settings', msw: api },
} satisfies Meta<typeof NotificationSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Partly chosen columns show the mixed state (a row without a saved choice counts as on, as its box shows). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { name: 'Notification settings' })).toBeTruthy();
    const [musicEmail] = canvas.getAllByRole('checkbox', { name: 'Email' });
    await waitFor(() => expect((musicEmail as HTMLInputElement).indeterminate).toBe(true));
  },
};

/** Unticking a row's email and saving. */
export const ChangeAndSave: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await canvas.findByRole('checkbox', { name: 'New music from artists I follow: Email' });
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Save' })).toBeEnabled());
  },
};

/** Still loading: nothing yet (the page appears with its data). */
export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/notifications/me/subscriptions', () => delay('infinite'))] },
};

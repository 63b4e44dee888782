import { dropOrphanAnnouncements, withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { billingApi, storyBillingOverview } from './billing-story-fixtures';
import { CancelPage, RenewPage } from './cancel-renew-pages';

/** Spec 2.8 `/billing/cancel` and `/billing/renew`: what happens, then confirm or go back. */
const meta = {
  title: 'Billing/CancelRenewPages',
  component: CancelPage,
  decorators: [withRouter],
  parameters: {
    route: '/billing/cancel',
    routePath: '/billing/:action',
    msw: [billingApi.overview(), billingApi.subscription('subscription/cancel', 'cancelled')],
  },
} satisfies Meta<typeof CancelPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Cancel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(canvas.getByTestId('story-location').textContent).toBe('/billing'));
    dropOrphanAnnouncements();
  },
};

export const CancelFailed: Story = {
  parameters: {
    msw: [billingApi.overview(), billingApi.failing('post', 'subscription/cancel')],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel plan' }));
    expect(await canvas.findByRole('alert')).toBeTruthy();
  },
};

export const Renew: Story = {
  render: () => <RenewPage />,
  parameters: {
    route: '/billing/renew',
    msw: [
      billingApi.overview(() => storyBillingOverview('cancelled')),
      billingApi.subscription('subscription/renew'),
    ],
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('button', { name: 'Renew plan' })).toBeTruthy();
  },
};

export const Loading: Story = { parameters: { msw: [billingApi.pending('subscription')] } };

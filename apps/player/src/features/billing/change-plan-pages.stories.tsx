import { dropOrphanAnnouncements, withBootstrap, withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { billingApi, subscribedUser } from './billing-story-fixtures';
import { ChangePlanConfirmPage, ChangePlanPage } from './change-plan-pages';

const subscribed = withBootstrap((data) => ({
  ...data,
  user: data.user && { ...data.user, ...subscribedUser },
}));

/** Spec 2.8 `/billing/change-plan`: the plan cards with the current plan marked. */
const meta = {
  title: 'Billing/ChangePlanPage',
  component: ChangePlanPage,
  decorators: [withRouter],
  beforeEach: [subscribed],
  parameters: { route: '/billing/change-plan', msw: [billingApi.products(), billingApi.overview()] },
} satisfies Meta<typeof ChangePlanPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Premium')).toBeTruthy();
  },
};

export const Loading: Story = { parameters: { msw: [billingApi.pending('products')] } };

const confirmParameters = {
  route: '/billing/change-plan/3/32/confirm',
  routePath: '/billing/change-plan/:productId/:priceId/confirm',
  msw: [billingApi.preview(), billingApi.subscription('subscription/change-plan'), billingApi.overview()],
};

/** `/billing/change-plan/{productId}/{priceId}/confirm`: what changes and what is due today. */
export const Confirm: Story = {
  render: () => <ChangePlanConfirmPage />,
  parameters: confirmParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect((await canvas.findByTestId('change-plan-due')).textContent).toBe('$84.20');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(canvas.getByTestId('story-location').textContent).toBe('/billing'));
    dropOrphanAnnouncements();
  },
};

export const ConfirmLoading: Story = {
  render: () => <ChangePlanConfirmPage />,
  parameters: { ...confirmParameters, msw: [billingApi.pending('subscription/change-plan/preview')] },
};

/** The change was refused (e.g. the card was declined): the message, and Confirm again. */
export const ConfirmFailed: Story = {
  render: () => <ChangePlanConfirmPage />,
  parameters: {
    ...confirmParameters,
    msw: [
      billingApi.preview(),
      billingApi.failing('post', 'subscription/change-plan', 422, 'Your card was declined.'),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Confirm' }));
    expect((await canvas.findByRole('alert')).textContent).toBe('Your card was declined.');
  },
};

export const ConfirmUnknownPlan: Story = {
  render: () => <ChangePlanConfirmPage />,
  parameters: { ...confirmParameters, route: '/billing/change-plan/x/y/confirm' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('This plan is not available.')).toBeTruthy();
  },
};

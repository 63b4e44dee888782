import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZProductSchema } from '@cadence/contracts/billing';
import type { TPricingCycle } from '@cadence/contracts/pricing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { CycleToggle, PlanCards } from './plan-cards';
import type { TViewer } from './pricing-model';

/** The plans as `GET api/v1/billing/products` lists them, checked against the contract. */
const products = fixture(ZProductSchema.array(), [
  {
    id: 1,
    name: 'Free',
    description: 'Listen with ads.',
    feature_list: ['Ad-supported listening', 'Playlists'],
    position: 1,
    recommended: false,
    free: true,
    hidden: false,
    upload_minutes: 0,
    permissions: [],
    prices: [],
  },
  {
    id: 2,
    name: 'Premium',
    description: 'No ads, offline listening and uploads.',
    feature_list: ['No ads', 'Offline listening', '180 upload minutes'],
    position: 2,
    recommended: true,
    free: false,
    hidden: false,
    upload_minutes: 180,
    permissions: ['music.create'],
    prices: [
      {
        id: 21,
        product_id: 2,
        amount: 999,
        currency: 'USD',
        interval: 'month',
        interval_count: 1,
        archived: false,
      },
      {
        id: 22,
        product_id: 2,
        amount: 9990,
        currency: 'USD',
        interval: 'year',
        interval_count: 1,
        archived: false,
      },
    ],
  },
  {
    id: 3,
    name: 'Artist Pro with an unusually long plan name for the card',
    description: 'Everything in Premium, unlimited uploads and insights for your releases.',
    feature_list: ['Everything in Premium', 'Unlimited uploads', 'Release insights', 'Priority support'],
    position: 3,
    recommended: false,
    free: false,
    hidden: false,
    upload_minutes: null,
    permissions: ['music.create'],
    prices: [
      {
        id: 31,
        product_id: 3,
        amount: 1999,
        currency: 'USD',
        interval: 'month',
        interval_count: 1,
        archived: false,
      },
      {
        id: 32,
        product_id: 3,
        amount: 19990,
        currency: 'USD',
        interval: 'year',
        interval_count: 1,
        archived: false,
      },
    ],
  },
]);

function Pricing({ viewer, initialCycle = 'yearly' }: { viewer: TViewer; initialCycle?: TPricingCycle }) {
  const [cycle, setCycle] = useState<TPricingCycle>(initialCycle);
  return (
    <div className="flex flex-col gap-8">
      <CycleToggle cycle={cycle} onChange={setCycle} products={products} />
      <PlanCards products={products} cycle={cycle} viewer={viewer} />
    </div>
  );
}

/** Spec 2.8/9: the plan cards of /pricing and /billing/change-plan, with the Annual/Monthly toggle. */
const meta = {
  title: 'Billing/PlanCards',
  component: Pricing,
  decorators: [withRouter],
  args: { viewer: { isLoggedIn: false, isSubscribed: false, currentPriceId: null } },
} satisfies Meta<typeof Pricing>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Guest: Story = {};

/** The subscriber's current plan is marked; the others offer a change. */
export const Subscribed: Story = {
  args: { viewer: { isLoggedIn: true, isSubscribed: true, currentPriceId: 22 } },
};

/** Switching to Monthly shows the monthly prices. */
export const Monthly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Monthly' }));
    expect(canvas.getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe('true');
  },
};

import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminUserListItemSchema } from '@cadence/contracts/admin-users';
import {
  ZGrantSubscriptionInputSchema,
  ZProductSchema,
  ZSubscriptionSchema,
} from '@cadence/contracts/billing';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { GrantSubscriptionDialog } from './grant-subscription-dialog';

// The plans of /admin/plans, parsed with the contract.
const PLANS = fixture(ZProductSchema.array(), [
  {
    id: 1,
    name: 'Pro',
    description: null,
    feature_list: ['Unlimited skips'],
    position: 1,
    recommended: true,
    free: false,
    hidden: false,
    upload_minutes: null,
    permissions: [],
    prices: [
      {
        id: 11,
        product_id: 1,
        amount: 999,
        currency: 'EUR',
        interval: 'month',
        interval_count: 1,
        archived: false,
      },
      {
        id: 12,
        product_id: 1,
        amount: 9900,
        currency: 'EUR',
        interval: 'year',
        interval_count: 1,
        archived: false,
      },
    ],
  },
  {
    id: 2,
    name: 'Artist',
    description: null,
    feature_list: [],
    position: 2,
    recommended: false,
    free: false,
    hidden: false,
    upload_minutes: 600,
    permissions: [],
    prices: [],
  },
]);

/** `GET api/v1/users?query=`: finds the user by email (contract-parsed). */
const users = http.get('*/api/v1/users', ({ request }) => {
  const query = new URL(request.url).searchParams.get('query') ?? '';
  const data = query.includes('ada')
    ? [
        {
          id: 7,
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          image: null,
          email_verified_at: null,
          banned_at: null,
          created_at: '2026-01-01T00:00:00.000Z',
          roles: [],
        },
      ]
    : [];
  return HttpResponse.json(
    fixture(paginationSchema(ZAdminUserListItemSchema), {
      pagination: { data, current_page: 1, per_page: 10, total: data.length, last_page: 1 },
    }),
  );
});

/** `POST api/v1/billing/admin/subscriptions`: the body must parse with the contract. */
const granted = http.post('*/api/v1/billing/admin/subscriptions', async ({ request }) => {
  const body = ZGrantSubscriptionInputSchema.parse(await request.json());
  return HttpResponse.json({
    subscription: fixture(ZSubscriptionSchema, {
      id: 90,
      user_id: body.user_id,
      product_id: body.product_id,
      price_id: body.price_id,
      gateway_name: 'none',
      gateway_id: null,
      status: 'active',
      valid: true,
      active: true,
      on_grace_period: false,
      renews_at: null,
      ends_at: null,
      created_at: '2026-10-01T12:00:00.000Z',
    }),
  });
});

/** /admin/subscriptions' "Grant subscription": a user by email, a plan and (optionally) its price. */
const meta = {
  title: 'Billing/GrantSubscriptionDialog',
  component: GrantSubscriptionDialog,
  decorators: [withRouter],
  args: { plans: PLANS, close: fn() },
  parameters: { msw: [users, granted] },
} satisfies Meta<typeof GrantSubscriptionDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('dialog');

/** Email, plan and price chosen: granted, the dialog closes. */
export const Granted: Story = {
  play: async ({ args }) => {
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^User email/ }), 'ada@example.com');
    await userEvent.selectOptions(within(dialog()).getByRole('combobox', { name: /^Plan/ }), 'Pro');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(args.close).toHaveBeenCalledWith(true));
  },
};

/** An email no user has: the field says so. */
export const UnknownUser: Story = {
  play: async () => {
    await userEvent.type(
      within(dialog()).getByRole('textbox', { name: /^User email/ }),
      'nobody@example.com',
    );
    await userEvent.selectOptions(within(dialog()).getByRole('combobox', { name: /^Plan/ }), 'Pro');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Grant' }));
    expect(await within(dialog()).findByText('No user has this email.')).toBeTruthy();
  },
};

/** Nothing chosen: the form's own messages, nothing sent. */
export const ValidationMessages: Story = {
  play: async ({ args }) => {
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Grant' }));
    expect(await within(dialog()).findByText('Choose a plan.')).toBeTruthy();
    expect(args.close).not.toHaveBeenCalled();
  },
};

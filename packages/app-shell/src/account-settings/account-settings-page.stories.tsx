import { ZTwoFactorQrCodeResponseSchema } from '@cadence/contracts/two-factor';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { storyAccountUser, storySessions, storyValueLists } from '../test/story-fixtures';
import { fixture, withRouter } from '../test/story-helpers';
import { AccountSettingsPage } from './account-settings-page';
import { forgetConfirmedPassword } from './password-confirmation';

/** The answers of the page's queries, each a contract-parsed fixture built per request (`auth/` paths have no `api/v1`). */
const api = (user: Record<string, unknown> = {}) => [
  http.get('*/api/v1/users/me', () => HttpResponse.json({ user: storyAccountUser(user) })),
  http.get('*/api/v1/user-sessions', () => HttpResponse.json({ sessions: storySessions() })),
  http.get('*/api/v1/value-lists/:names', () => HttpResponse.json(storyValueLists())),
  http.get('*/auth/user/two-factor/qr-code', () =>
    HttpResponse.json(
      fixture(ZTwoFactorQrCodeResponseSchema, {
        svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img" aria-label="QR code"><rect width="10" height="10"/></svg>',
        secret: 'JBSWY3DPEHPK3PXP',
      }),
    ),
  ),
];

/**
 * Spec 2.6 `/account-settings`: the panels (details and avatar, social login, password, two-factor,
 * sessions, location and language, developers, delete account) as the signed-in user sees them.
 */
const meta = {
  title: 'Account settings/AccountSettingsPage',
  component: AccountSettingsPage,
  decorators: [withRouter],
  parameters: { msw: api() },
  beforeEach: () => forgetConfirmedPassword(),
} satisfies Meta<typeof AccountSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllPanels: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    expect(await canvas.findByText(/Vilnius, LT/)).toBeTruthy();
  },
};

/** Two-factor set up but not confirmed: the QR code and the code field. */
export const TwoFactorFinishing: Story = {
  parameters: { msw: api({ two_factor_status: 'finishing' }) },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByTestId('two-factor-secret')).toBeTruthy();
  },
};

/** Signed up with a social account: no password yet, no tokens. */
export const SocialAccountWithoutPassword: Story = {
  parameters: {
    msw: api({
      has_password: false,
      tokens: [],
      social_profiles: [{ service_name: 'google', username: 'ada.lovelace' }],
    }),
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/users/me', () => delay('infinite'))] },
};

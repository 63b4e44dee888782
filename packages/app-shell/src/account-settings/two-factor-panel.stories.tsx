import { ZTwoFactorQrCodeResponseSchema } from '@cadence/contracts/two-factor';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyAccountUser } from '../test/story-fixtures';
import { dropOrphanAnnouncements, fixture, withRouter } from '../test/story-helpers';
import { forgetConfirmedPassword } from './password-confirmation';
import { TwoFactorPanel } from './two-factor-panel';

const RECOVERY_CODES = ['a1b2c-d3e4f-g5h6i', 'j7k8l-m9n0o-p1q2r', 's3t4u-v5w6x-y7z8a'];

/** The panel's calls (`auth/` paths have no `api/v1`); the password was confirmed recently. */
const api = (confirmed = true) => [
  http.get('*/auth/user/confirmed-password-status', () => HttpResponse.json({ confirmed })),
  http.post('*/auth/user/confirm-password', () => HttpResponse.json({})),
  http.post('*/auth/user/two-factor-authentication', ({ request }) =>
    request.headers.get('X-HTTP-Method-Override') === 'DELETE'
      ? HttpResponse.json({})
      : HttpResponse.json({ recovery_codes: RECOVERY_CODES }),
  ),
  http.post('*/auth/user/two-factor-recovery-codes', () =>
    HttpResponse.json({ recovery_codes: RECOVERY_CODES }),
  ),
  http.get('*/auth/user/two-factor/qr-code', () =>
    HttpResponse.json(
      fixture(ZTwoFactorQrCodeResponseSchema, {
        svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img" aria-label="QR code"><rect width="10" height="10"/></svg>',
        secret: 'JBSWY3DPEHPK3PXP',
      }),
    ),
  ),
  http.post('*/auth/user/confirmed-two-factor-authentication', () => HttpResponse.json({})),
  http.get('*/api/v1/users/me', () => HttpResponse.json({ user: storyAccountUser() })),
];

/** Spec 2.6 / 4: two-factor set up in steps: enable (password confirmed), scan and confirm a code, recovery codes. */
const meta = {
  title: 'Account settings/TwoFactorPanel',
  component: TwoFactorPanel,
  decorators: [withRouter],
  args: { user: storyAccountUser() },
  beforeEach: () => forgetConfirmedPassword(),
  parameters: { msw: api() },
} satisfies Meta<typeof TwoFactorPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Disabled: Story = {};

/** Enable: the QR code and setup key, then a code that is too short is refused on the field. */
export const SetUp: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enable' }));
    expect(await canvas.findByTestId('two-factor-secret')).toBeTruthy();
    await userEvent.type(canvas.getByRole('textbox', { name: /Code/ }), '12');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /Code/ }).getAttribute('aria-invalid')).toBe('true'),
    );
    dropOrphanAnnouncements();
  },
};

/** The right code confirms it: the recovery codes are shown once. */
export const Confirmed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enable' }));
    await canvas.findByTestId('two-factor-secret');
    await userEvent.type(canvas.getByRole('textbox', { name: /Code/ }), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    expect(within(await canvas.findByTestId('recovery-codes')).getAllByRole('listitem')).toHaveLength(3);
    dropOrphanAnnouncements();
  },
};

/** A wrong code: the server's message on the field. */
export const WrongCode: Story = {
  parameters: {
    msw: [
      http.post('*/auth/user/confirmed-two-factor-authentication', () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { code: ['The provided two factor authentication code was invalid.'] },
          },
          { status: 422 },
        ),
      ),
      ...api(),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enable' }));
    await canvas.findByTestId('two-factor-secret');
    await userEvent.type(canvas.getByRole('textbox', { name: /Code/ }), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    expect(await canvas.findByText('The provided two factor authentication code was invalid.')).toBeTruthy();
    dropOrphanAnnouncements();
  },
};

/** Enabling needs the password when it was not confirmed lately: the dialog takes the focus. */
export const AsksForPassword: Story = {
  parameters: { msw: api(false) },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Enable' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Confirm password' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Password/)));
    dropOrphanAnnouncements();
  },
};

/** Already on: regenerate the recovery codes or disable. */
export const Enabled: Story = {
  args: {
    user: storyAccountUser({
      two_factor_confirmed_at: '2026-10-01T12:00:00.000Z',
      two_factor_status: 'enabled',
    }),
  },
};

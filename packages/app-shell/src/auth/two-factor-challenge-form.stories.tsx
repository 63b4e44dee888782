import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dropOrphanAnnouncements, withRouter } from '../test/story-helpers';
import { AuthLayout } from './auth-layout';
import { authApi, signedOut } from './auth-story-fixtures';
import { TwoFactorChallengeForm } from './two-factor-challenge-form';

/** Spec 2.4: the sign-in's second step, a 6-digit code or, toggled, a recovery code. */
const meta = {
  title: 'Auth/TwoFactorChallengeForm',
  component: TwoFactorChallengeForm,
  // The first decorator is the innermost: the layout's links need the router around it.
  decorators: [
    (Story) => (
      <AuthLayout heading="Two factor authentication">
        <Story />
      </AuthLayout>
    ),
    withRouter,
  ],
  beforeEach: [signedOut],
  parameters: { route: '/login', routePath: '/login', msw: [authApi.signedIn('auth/two-factor-challenge')] },
} satisfies Meta<typeof TwoFactorChallengeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The code field has the focus. */
export const Code: Story = {
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole('textbox', { name: /Code/ });
    await waitFor(() => expect(document.activeElement).toBe(field));
  },
};

export const CodeTooShort: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Code/ }), '123');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /Code/ }).getAttribute('aria-invalid')).toBe('true'),
    );
  },
};

export const WrongCode: Story = {
  parameters: {
    msw: [
      authApi.invalid('auth/two-factor-challenge', {
        code: ['The provided two factor authentication code was invalid.'],
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Code/ }), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    expect(await canvas.findByText('The provided two factor authentication code was invalid.')).toBeTruthy();
    dropOrphanAnnouncements();
  },
};

/** Toggled to a recovery code: the field changes and takes the focus. */
export const RecoveryCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Use recovery code instead' }));
    const field = await canvas.findByRole('textbox', { name: /Recovery code/ });
    await waitFor(() => expect(document.activeElement).toBe(field));
  },
};

export const SignsIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Code/ }), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(canvas.getByTestId('story-location').textContent).toBe('/'));
    dropOrphanAnnouncements();
  },
};

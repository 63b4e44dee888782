import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { dropOrphanAnnouncements, withBootstrap, withRouter } from '../test/story-helpers';
import { VerifyEmailGate } from './verify-email-gate';

const unverified = withBootstrap((data) => ({
  ...data,
  user: data.user && {
    ...data.user,
    email: 'maximiliane.theodora@an-unusually-long-domain.example.com',
    email_verified_at: null,
  },
}));

/** Spec 2.2: the screen a signed-in user with an unverified address sees on every route. */
const meta = {
  title: 'Auth/VerifyEmailGate',
  component: VerifyEmailGate,
  decorators: [withRouter],
  beforeEach: [unverified],
  args: { reload: fn() },
  parameters: {
    msw: [
      http.post('*/validate-email-verification-otp', () => HttpResponse.json({ message: 'Verified' })),
      http.post('*/resend-email-verification', () => HttpResponse.json({ message: 'Email sent' })),
    ],
  },
} satisfies Meta<typeof VerifyEmailGate>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The code field has the focus; the address is masked. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole('textbox', { name: /Code/ });
    await waitFor(() => expect(document.activeElement).toBe(field));
  },
};

export const CodeRequired: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /Code/ }).getAttribute('aria-invalid')).toBe('true'),
    );
  },
};

export const WrongCode: Story = {
  parameters: {
    msw: [
      http.post('*/validate-email-verification-otp', () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { code: ['This code is invalid or has expired.'] },
          },
          { status: 422 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Code/ }), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    expect(await canvas.findByText('This code is invalid or has expired.')).toBeTruthy();
    dropOrphanAnnouncements();
  },
};

/** A valid code reloads the page. */
export const Verified: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Code/ }), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(args.reload).toHaveBeenCalled());
    dropOrphanAnnouncements();
  },
};

import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ToastHost } from '@cadence/app-shell/toast-host';
import { CONTACT_SUBMITTED_MESSAGE, ZContactPayloadSchema } from '@cadence/contracts/contact';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ContactPage } from './contact-page';

/** `POST api/v1/contact-page`: the body must parse with the contract (a drifted form fails). */
const accepted = http.post('*/api/v1/contact-page', async ({ request }) => {
  ZContactPayloadSchema.parse(await request.json());
  return HttpResponse.json({ message: CONTACT_SUBMITTED_MESSAGE });
});

/** Spec 2.13 `/contact`: name, email and message, checked before sending; the api's 422 per field. */
const meta = {
  title: 'ContactPage',
  component: ContactPage,
  decorators: [
    withRouter,
    (Story) => (
      <>
        <Story />
        <ToastHost />
      </>
    ),
  ],
  parameters: { route: '/contact', msw: [accepted] },
} satisfies Meta<typeof ContactPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Sending it empty: each field says what it needs, and nothing is sent. */
export const ValidationMessages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    expect(await canvas.findAllByText('This field is required.')).toHaveLength(3);
    expect(canvas.getByRole('textbox', { name: /^Name/ })).toBe(document.activeElement);
  },
};

async function fillIn(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: /^Name/ }), 'Ada Lovelace');
  await userEvent.type(canvas.getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
  await userEvent.type(canvas.getByRole('textbox', { name: /^Message/ }), 'The player skips on my phone.');
  await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
}

/** Sent: the confirmation toast, and the listener is taken home. */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement);
    expect(await within(document.body).findByText(CONTACT_SUBMITTED_MESSAGE)).toBeTruthy();
  },
};

/** While the message is on its way the button cannot send it twice. */
export const Sending: Story = {
  parameters: { msw: [http.post('*/api/v1/contact-page', () => delay('infinite'))] },
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement);
    const send = within(canvasElement).getByRole('button', { name: 'Send' });
    await waitFor(() => expect(send.hasAttribute('disabled') || send.dataset.disabled === 'true').toBe(true));
  },
};

/** The api's 422 lands on the field it names. */
export const ServerErrors: Story = {
  parameters: {
    msw: [
      http.post('*/api/v1/contact-page', () =>
        HttpResponse.json(
          ZErrorEnvelopeSchema.parse({
            message: 'The given data was invalid.',
            errors: { email: ['The email must be a valid email address.'] },
          }),
          { status: 422 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await fillIn(canvasElement);
    expect(await within(canvasElement).findByText('The email must be a valid email address.')).toBeTruthy();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };

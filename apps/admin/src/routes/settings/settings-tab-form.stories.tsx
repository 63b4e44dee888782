import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { outgoingEmailSections } from '@cadence/contracts/settings/form-sections';
import { recaptchaSections } from '@cadence/contracts/settings/form-sections-system';
import { ZSettingsPayloadSchema } from '@cadence/contracts/settings-api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { storySettings } from '../../test/admin-settings-fixtures';
import { expectToast } from '../../test/admin-story-fixtures';
import { SettingsTabForm } from './settings-tab-form';

/** `POST api/v1/settings`: the body parses; a refused reCAPTCHA secret comes back on its field. */
const saved = http.post('*/api/v1/settings', async ({ request }) => {
  const body = ZSettingsPayloadSchema.parse(await request.json());
  if (body.client['recaptcha.secret_key'] === 'wrong-secret')
    return HttpResponse.json(
      {
        message: 'Could not persist settings.',
        errors: {
          'recaptcha.secret_key': 'reCAPTCHA refused this secret key.',
          recaptcha_group: 'reCAPTCHA refused this secret key.',
        },
      },
      { status: 422 },
    );
  return HttpResponse.json({ message: 'Settings saved.', changed: Object.keys(body.client) });
});

/**
 * One settings tab's form: its sections' fields from `GET api/v1/settings` (an env-locked
 * setting read-only with its variable), saved with `POST api/v1/settings`, errors on their fields.
 */
const meta = {
  title: 'Settings/SettingsTabForm',
  component: SettingsTabForm,
  args: { data: storySettings(), sections: outgoingEmailSections },
  decorators: [withRouter],
  parameters: { msw: [saved] },
} satisfies Meta<typeof SettingsTabForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A locked setting says which variable sets it; saving reports success. */
export const OutgoingEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByText(/Set with the MAIL_HOST environment variable\./)).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectToast('Saved settings');
  },
};

/** A refused credential: the group's message at the top, the field's own under it. */
export const RefusedSecret: Story = {
  args: { sections: recaptchaSections },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Site key' }), 'site-key');
    await userEvent.type(canvas.getByLabelText('Secret key'), 'wrong-secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    expect((await canvas.findByRole('alert')).textContent).toContain('reCAPTCHA refused this secret key.');
    expect(canvas.getByLabelText('Secret key').getAttribute('aria-invalid')).toBe('true');
  },
};

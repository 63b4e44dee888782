import { ZSettingsResponseSchema } from '@cadence/contracts/settings-api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storySettings } from '../../test/admin-settings-fixtures';
import {
  expectToast,
  failingHandler,
  findSpinner,
  jsonHandler,
  pendingHandler,
  withRoutes,
} from '../../test/admin-story-fixtures';
import { AdsPage } from './ads-page';

const settings = jsonHandler('settings', ZSettingsResponseSchema, () => storySettings());
const saved = http.post('*/api/v1/settings', () => HttpResponse.json({ message: 'Saved', changed: ['ads'] }));

/** /admin/ads: the code of the five ad slots, and who sees ads (`client.ads` of the settings). */
const meta = {
  title: 'AdsPage',
  component: AdsPage,
  decorators: [withRoutes],
  parameters: { route: '/ads', msw: [settings, saved] },
} satisfies Meta<typeof AdsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^General top/i }), '<div>Ad</div>');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectToast('Saved');
  },
};

/** Code longer than a slot takes: the field is marked invalid and nothing is sent. */
export const TooLong: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const slot = await canvas.findByRole('textbox', { name: /^General top/i });
    await userEvent.click(slot);
    await userEvent.paste('x'.repeat(20_001));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(slot.getAttribute('aria-invalid')).toBe('true'));
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('settings')] },
  play: async ({ canvasElement }) => {
    await findSpinner(canvasElement);
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('settings')] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain(
      'There was an issue loading this page',
    );
  },
};

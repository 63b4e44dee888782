import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZListeningSettingsResponseSchema } from '@cadence/contracts/transcoding';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ListeningPanel } from './listening-panel';
import { getListeningPreferences, resetListeningPreferences } from './listening-preferences';

const saved = {
  max_bit_rate: 192,
  format: 'opus' as const,
  loudness: 'track' as const,
  preamp_db: 0,
  crossfade_seconds: 0,
};

const read = http.get('*/api/v1/account/listening', () =>
  HttpResponse.json(fixture(ZListeningSettingsResponseSchema, { settings: saved })),
);

/** Account settings' "Listening" section (issue 36): quality, loudness, pre-amp, crossfade, data saver. */
const meta = {
  title: 'Account settings/ListeningPanel',
  component: ListeningPanel,
  decorators: [(Story) => <div className="max-w-3xl">{<Story />}</div>],
  parameters: {
    msw: [
      read,
      http.post('*/api/v1/account/listening', async ({ request }) =>
        HttpResponse.json(
          fixture(ZListeningSettingsResponseSchema, {
            settings: { ...saved, ...((await request.json()) as object) },
          }),
        ),
      ),
    ],
  },
  beforeEach: () => {
    localStorage.removeItem('cadence.listening');
    resetListeningPreferences();
  },
} satisfies Meta<typeof ListeningPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard only: auto loudness, a 6 s crossfade with the arrow keys, saved; playback sees it at once. */
export const ChangeWithKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const automatic = await canvas.findByRole('radio', { name: /Automatic.*album plays in order/ });
    automatic.focus();
    await userEvent.keyboard(' ');
    expect(automatic).toBeChecked();
    const crossfade = canvas.getByRole('slider', { name: 'Crossfade' });
    crossfade.focus();
    await userEvent.keyboard('{ArrowRight>6/}');
    expect(canvas.getByTestId('listening-crossfade')).toHaveTextContent('6 s');
    canvas.getByRole('button', { name: 'Save' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(getListeningPreferences().crossfade_seconds).toBe(6));
    expect(getListeningPreferences().loudness).toBe('auto');
  },
};

/** The api's 422 answer: each message under its own field, the field marked invalid. */
export const FieldErrors: Story = {
  parameters: {
    msw: [
      read,
      http.post('*/api/v1/account/listening', () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { preamp_db: 'Too big: expected number to be <=15', max_bit_rate: 'Not allowed here' },
          },
          { status: 422 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Save' }));
    expect(await canvas.findByText('Too big: expected number to be <=15')).toBeVisible();
    expect(canvas.getByRole('slider', { name: 'Pre-amp (dB)' })).toHaveAccessibleDescription(
      /Too big: expected number/,
    );
    expect(within(canvas.getByTestId('listening-max-bit-rate')).getByText('Not allowed here')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/account/listening', () => delay('infinite'))] },
};

import type { TScrobbleConnection } from '@cadence/contracts/scrobbling';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { ConnectedServicesPanel } from './connected-services-panel';

const service = (overrides: Partial<TScrobbleConnection> & Pick<TScrobbleConnection, 'service'>) => ({
  is_available: true,
  is_connected: false,
  account_name: null,
  connected_at: null,
  pending: 0,
  last_error: null,
  ...overrides,
});
const answering = (services: TScrobbleConnection[]) =>
  http.get('*/api/v1/account/scrobbling', () => HttpResponse.json({ services }));

/** Account settings' "Connected services": ListenBrainz by token, Last.fm by its own page. */
const meta = {
  title: 'ConnectedServicesPanel',
  component: ConnectedServicesPanel,
  parameters: {
    msw: [
      answering([service({ service: 'listenbrainz' }), service({ service: 'lastfm', is_available: false })]),
    ],
  },
} satisfies Meta<typeof ConnectedServicesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing connected; the site has no Last.fm key. A refused token shows under the field. */
export const NotConnected: Story = {
  parameters: {
    msw: [
      answering([service({ service: 'listenbrainz' }), service({ service: 'lastfm', is_available: false })]),
      // PUT travels as POST with the method override.
      http.post('*/api/v1/account/scrobbling/listenbrainz', () =>
        HttpResponse.json(
          {
            message: 'ListenBrainz does not know this token.',
            errors: { token: 'ListenBrainz does not know this token.' },
          },
          { status: 422 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('Last.fm is not set up on this site.')).toBeTruthy();
    await userEvent.type(canvas.getByRole('textbox', { name: /ListenBrainz user token/ }), 'nope');
    await userEvent.click(canvas.getByRole('button', { name: 'Connect ListenBrainz' }));
    expect(await canvas.findByText('ListenBrainz does not know this token.')).toBeTruthy();
  },
};

/** Both connected; ListenBrainz has listens waiting after an outage. */
export const Connected: Story = {
  parameters: {
    msw: [
      answering([
        service({
          service: 'listenbrainz',
          is_connected: true,
          account_name: 'ada',
          connected_at: '2026-11-29T10:00:00.000Z',
          pending: 3,
          last_error: 'ListenBrainz: HTTP 500',
        }),
        service({
          service: 'lastfm',
          is_connected: true,
          account_name: 'ada-fm',
          connected_at: '2026-11-29T10:00:00.000Z',
        }),
      ]),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('Connected as ada')).toBeTruthy();
    expect(canvas.getByText(/3 plays waiting to be sent/)).toBeTruthy();
    expect(canvas.getByRole('button', { name: 'Disconnect Last.fm' })).toBeTruthy();
  },
};

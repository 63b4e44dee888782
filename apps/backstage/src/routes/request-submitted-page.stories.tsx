import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { storyBackstageRequest } from './backstage-story-fixtures';
import { RequestSubmittedPage } from './request-submitted-page';

const requestApi = (overrides: Parameters<typeof storyBackstageRequest>[0] = {}) =>
  http.get('*/api/v1/backstage-requests/:id', () => HttpResponse.json(storyBackstageRequest(overrides)));

/** `/backstage/requests/{id}/request-submitted`: what was asked and where it stands. */
const meta = {
  title: 'Backstage/RequestSubmittedPage',
  component: RequestSubmittedPage,
  decorators: [withRouter],
  parameters: {
    route: '/requests/9/request-submitted',
    routePath: '/requests/:requestId/request-submitted',
    msw: [requestApi()],
  },
} satisfies Meta<typeof RequestSubmittedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Pending: Story = {
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByTestId('request-status')).textContent).toBe('pending');
  },
};

export const Approved: Story = {
  parameters: {
    msw: [
      requestApi({
        status: 'approved',
        type: 'claim_artist',
        artist_id: 101,
        artist: { id: 101, name: 'The Midnight Hours', image: null },
      }),
    ],
  },
};

/** Denied, with the reviewer's note. */
export const Denied: Story = {
  parameters: {
    msw: [
      requestApi({
        status: 'denied',
        notes: 'The label letter does not name you. Please send a signed one.',
      }),
    ],
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/backstage-requests/:id', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/backstage-requests/:id', () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('alert')).toBeTruthy();
  },
};

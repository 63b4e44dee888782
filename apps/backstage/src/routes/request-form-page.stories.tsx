import { dropOrphanAnnouncements, withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { artistSearchApi, storyBackstageRequest } from './backstage-story-fixtures';
import { RequestFormPage } from './request-form-page';

/** `POST api/v1/backstage-requests` answers the new request. */
const createApi = http.post('*/api/v1/backstage-requests', () => HttpResponse.json(storyBackstageRequest()));

/**
 * Spec 2.10 `/backstage/requests/{become-artist,verify-artist,claim-artist}`: the artist (a name,
 * or a search for an existing profile), image, role, company, proof files and social links.
 */
const meta = {
  title: 'Backstage/RequestFormPage',
  component: RequestFormPage,
  decorators: [withRouter],
  args: { type: 'become_artist' },
  parameters: {
    route: '/requests/become-artist',
    routePath: '/requests/:type',
    msw: [createApi, artistSearchApi],
  },
} satisfies Meta<typeof RequestFormPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const BecomeArtist: Story = {};

/** Submitting without an artist name: the contract's message under the field. */
export const ValidationMessages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit request' }));
    expect(await canvas.findByText('Enter your artist name.')).toBeTruthy();
  },
};

/** Verify or claim: the artist is searched for; nothing chosen is refused. */
export const ClaimArtist: Story = {
  args: { type: 'claim_artist' },
  parameters: { route: '/requests/claim-artist' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit request' }));
    expect(await canvas.findByText('Choose the artist profile.')).toBeTruthy();
  },
};

/** Social links are added and removed by row. */
export const WithLinks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add link' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add link' }));
    expect(canvas.getAllByRole('button', { name: 'Remove link' })).toHaveLength(2);
  },
};

/** Sent: the submitted page. */
export const Submitted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Artist name/ }), 'The Midnight Hours');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit request' }));
    await waitFor(() =>
      expect(canvas.getByTestId('story-location').textContent).toBe('/requests/9/request-submitted'),
    );
    dropOrphanAnnouncements();
  },
};

/** A pending request of the same type exists: the api's message (on `type`, a field without an input). */
export const AlreadyPending: Story = {
  parameters: {
    msw: [
      http.post('*/api/v1/backstage-requests', () =>
        HttpResponse.json(
          {
            message: 'You already have a pending request of this type.',
            errors: { type: ['You already have a pending request of this type.'] },
          },
          { status: 422 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Artist name/ }), 'The Midnight Hours');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit request' }));
    expect((await canvas.findByRole('alert')).textContent).toBe(
      'You already have a pending request of this type.',
    );
    dropOrphanAnnouncements();
  },
};

import { fixture } from '@cadence/app-shell/test/story-helpers';
import {
  BACKSTAGE_MESSAGES,
  ZBackstageRequestResponseSchema,
  ZBackstageReviewSchema,
} from '@cadence/contracts/backstage';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBackstageRequest } from '../../test/admin-backstage-fixtures';
import { expectToast, failingHandler, pendingHandler, withRoutes } from '../../test/admin-story-fixtures';
import { BackstageRequestPage } from './backstage-request-page';

const request = http.get('*/api/v1/backstage-requests/2', () =>
  HttpResponse.json(fixture(ZBackstageRequestResponseSchema, { request: storyBackstageRequest(2) })),
);
/** `POST .../approve`: the notes parse with the contract; the request comes back approved. */
const approve = http.post('*/api/v1/backstage-requests/2/approve', async ({ request: sent }) => {
  const body = ZBackstageReviewSchema.parse(await sent.json());
  return HttpResponse.json(
    fixture(ZBackstageRequestResponseSchema, {
      request: storyBackstageRequest(2, { status: 'approved', notes: body.notes ?? null }),
    }),
  );
});
/** `POST .../deny` without notes: the api's 422 (spec's `errors` shape) lands on the field. */
const deny = http.post('*/api/v1/backstage-requests/2/deny', () =>
  HttpResponse.json(
    { message: BACKSTAGE_MESSAGES.notesRequired, errors: { notes: BACKSTAGE_MESSAGES.notesRequired } },
    { status: 422 },
  ),
);

/** /admin/backstage-requests/{id}: who asks, for which artist, their proof; approve or deny with notes. */
const meta = {
  title: 'BackstageRequests/BackstageRequestPage',
  component: BackstageRequestPage,
  decorators: [withRoutes],
  parameters: {
    path: '/backstage-requests/:requestId',
    route: '/backstage-requests/2',
    msw: [request, approve, deny],
  },
} satisfies Meta<typeof BackstageRequestPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A pending request, approved. */
export const Approve: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('Night Owl Records')).toBeTruthy();
    // The requester links to their user page in the admin.
    expect(canvas.getByTestId('request-requester').getAttribute('href')).toMatch(/\/users\/\d+$/);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await expectToast('Request decided');
  },
};

/** Denying without notes: the field says why notes are needed. */
export const DenyWithoutNotes: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Deny' }));
    expect(await canvas.findByText(BACKSTAGE_MESSAGES.notesRequired)).toBeTruthy();
    await waitFor(() =>
      expect(
        canvas.getByRole('textbox', { name: /^Notes for the requester/ }).getAttribute('aria-invalid'),
      ).toBe('true'),
    );
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('backstage-requests/2')] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Loading...')).toBeTruthy();
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('backstage-requests/2')] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain('There was an issue.');
  },
};

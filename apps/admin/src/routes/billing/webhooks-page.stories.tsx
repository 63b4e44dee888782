import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import {
  ZWebhookEventAnswerSchema,
  ZWebhookEventSchema,
  ZWebhookRetryAnswerSchema,
  ZWebhookRetryInputSchema,
} from '@cadence/contracts/billing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyWebhookEvent } from '../../test/admin-billing-fixtures';
import { expectToast, listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { WebhooksPage } from './webhooks-page';

const ENDPOINT = 'billing/admin/webhook-events';
const rows = listHandler(ENDPOINT, ZWebhookEventSchema, () =>
  Array.from({ length: 20 }, (_, index) => storyWebhookEvent(index + 1)),
);
/** `GET .../webhook-events/{id}`: the event with its body, pretty-printed. */
const event = http.get(`*/api/v1/${ENDPOINT}/:id`, ({ params }) =>
  HttpResponse.json(
    fixture(ZWebhookEventAnswerSchema, {
      event: {
        ...storyWebhookEvent(Number(params.id)),
        payload: JSON.stringify({ id: `evt_${1000 + Number(params.id)}`, type: 'invoice.paid' }, null, 2),
      },
    }),
  ),
);
/** `POST .../webhook-events/retry`: the ids parsed with the contract, kept for the story to check. */
const retried: number[][] = [];
const retry = http.post(`*/api/v1/${ENDPOINT}/retry`, async ({ request }) => {
  const { ids } = ZWebhookRetryInputSchema.parse(await request.json());
  retried.push(ids);
  return HttpResponse.json(
    fixture(ZWebhookRetryAnswerSchema, {
      message: `${ids.length} events queued again`,
      queued: ids.length,
      skipped: 0,
    }),
  );
});
const states = listPageStates({
  route: '/billing/webhooks',
  endpoint: ENDPOINT,
  rows,
  empty: listHandler(ENDPOINT, ZWebhookEventSchema, () => []),
  emptyText: 'No webhook events yet',
  rowText: 'evt_1002',
});

/** /admin/billing/webhooks (`GET api/v1/billing/admin/webhook-events`): provider events, status, retry. */
const meta = {
  title: 'Billing/WebhooksPage',
  component: WebhooksPage,
  decorators: [withRouter],
} satisfies Meta<typeof WebhooksPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** An event's body opens in a dialog that takes focus. */
export const EventDialog: Story = {
  parameters: { route: '/billing/webhooks', msw: [rows, event] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Show event evt_1002' }));
    const dialog = await within(document.body).findByRole('dialog');
    expect(within(dialog).getByTestId('webhook-payload').textContent).toContain('invoice.paid');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};

/** A failed event says how many attempts it took; "Retry now" sends its id and says it is queued. */
export const RetryNow: Story = {
  parameters: { route: '/billing/webhooks', msw: [rows, retry] },
  play: async ({ canvasElement }) => {
    const row = (await within(canvasElement).findByText('evt_1002')).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('webhook-status').textContent).toBe('Failed (4 attempts)');
    retried.length = 0;
    await userEvent.click(within(row).getByRole('button', { name: 'Retry now (evt_1002)' }));
    await waitFor(() => expect(retried).toEqual([[2]]));
    await expectToast('1 event queued again');
  },
};

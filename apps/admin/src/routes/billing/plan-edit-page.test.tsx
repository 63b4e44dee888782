import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createAppMemoryRouter } from '@cadence/app-shell/create-app-router';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../router';
import { bootstrapFixture, userFixture } from '../../test/bootstrap-fixture';

const grant = (...names: string[]) => names.map((name) => ({ name, restrictions: [] }));
const sent: { method: string; path: string; body: unknown }[] = [];
/** The demo seed's paid plan: unlimited upload time (music.create without minutes). */
const unlimited = {
  id: 4,
  name: 'Pro Unlimited',
  description: null,
  feature_list: ['No ads'],
  position: 2,
  recommended: true,
  free: false,
  hidden: false,
  upload_minutes: null,
  permissions: ['files.create', 'music.create'],
  prices: [
    {
      id: 7,
      product_id: 4,
      amount: 800,
      currency: 'USD',
      interval: 'month',
      interval_count: 1,
      archived: false,
      subscriptions_count: 3,
    },
  ],
};

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const method = input.headers.get('x-http-method-override') ?? input.method;
      const text = await input.text();
      sent.push({ method, path: url.pathname, body: text ? JSON.parse(text) : null });
      if (method === 'GET' && url.pathname === '/api/v1/billing/admin/products/4') {
        return Response.json({ product: unlimited });
      }
      if (method === 'PUT' && url.pathname === '/api/v1/billing/admin/products/4') {
        return Response.json({ product: { ...unlimited, ...(JSON.parse(text) as object) } });
      }
      if (method === 'POST' && url.pathname === '/api/v1/billing/admin/products') {
        return Response.json({ product: { id: 9, ...(JSON.parse(text) as object) } });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderAt(entry: string, permissions: string[]) {
  setBootstrapData({ ...bootstrapFixture(), user: { ...userFixture(), permissions: grant(...permissions) } });
  const router = createAppMemoryRouter({
    routes,
    basename: '/admin',
    initialEntries: [entry],
    hasOfflineRedirects: false,
  });
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('/admin/plans/new', () => {
  it('sends the contract: amounts as integer minor units, one entry per price', async () => {
    await renderAt('/admin/plans/new', ['admin.access', 'plans.update']);
    type(await screen.findByLabelText('Name', { exact: false }), 'Gold');
    type(screen.getByLabelText('Features'), 'No ads\nDownloads');
    for (const [amount, interval] of [
      ['10.00', 'month'],
      ['96.50', 'year'],
    ]) {
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add price' })));
      const row = screen.getAllByTestId('plan-price-row').at(-1) as HTMLElement;
      type(within(row).getByLabelText('Amount'), amount as string);
      fireEvent.change(within(row).getByLabelText('Interval'), { target: { value: interval } });
    }
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create' })));
    await vi.waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    const body = sent.find((call) => call.method === 'POST')?.body as {
      name: string;
      feature_list: string[];
      prices: { amount: number; interval: string; currency: string }[];
    };
    expect(body.name).toBe('Gold');
    expect(body.feature_list).toEqual(['No ads', 'Downloads']);
    expect(body.prices.map((price) => [price.amount, price.interval, price.currency])).toEqual([
      [1000, 'month', 'USD'],
      [9650, 'year', 'USD'],
    ]);
  });

  it("keeps an unlimited plan's permissions and a paid price on save; a price with subscribers cannot be removed", async () => {
    await renderAt('/admin/plans/4/edit', ['admin.access', 'plans.update']);
    const row = (await screen.findAllByTestId('plan-price-row'))[0] as HTMLElement;
    expect((within(row).getByLabelText('Amount') as HTMLInputElement).value).toBe('8.00');
    expect(within(row).getByRole('button', { name: 'Remove price 1' }).hasAttribute('disabled')).toBe(true);
    type(screen.getByLabelText('Name', { exact: false }), 'Pro');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await vi.waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true));
    const body = sent.find((call) => call.method === 'PUT')?.body as {
      name: string;
      permissions: string[];
      upload_minutes: number | null;
      prices: { id: number; amount: number }[];
    };
    expect(body.name).toBe('Pro');
    expect(body.permissions).toEqual(['files.create', 'music.create']);
    expect(body.upload_minutes).toBeNull();
    expect(body.prices).toEqual([expect.objectContaining({ id: 7, amount: 800 })]);
  });

  it('is the 404 page without plans.update', async () => {
    await renderAt('/admin/plans', ['admin.access']);
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
  });
});

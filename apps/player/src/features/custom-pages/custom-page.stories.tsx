import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { type TCustomPage, ZCustomPageResponseSchema } from '@cadence/contracts/custom-page';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { CustomPage } from './custom-page';

const BODY = `<p>These terms govern your use of Cadence. By listening, uploading or commenting you accept them.</p>
<h2>Your account</h2><p>Keep your password safe. You are responsible for what happens under your account.</p>
<ul><li>One account per person.</li><li>No automated listening to inflate plays.</li></ul>
<blockquote>Questions? Write to <a href="mailto:legal@example.com">legal@example.com</a>.</blockquote>
<h3>Changes</h3><p>We may update these terms; the <a href="/pages/privacy">privacy policy</a> says how we treat your data.</p>
<pre>Last updated: 2026-10-01</pre>`;

/** `GET api/v1/custom-pages/{idOrSlug}`: the page, its SEO and whether to apply it (contract-parsed). */
const page = (overrides: Partial<TCustomPage> = {}) =>
  http.get('*/api/v1/custom-pages/:idOrSlug', () =>
    HttpResponse.json(
      fixture(ZCustomPageResponseSchema, {
        page: {
          id: 1,
          title: 'Terms of Service',
          slug: 'terms',
          body: BODY,
          meta_title: null,
          meta_description: null,
          hide_nav: false,
          created_at: '2026-10-01T12:00:00.000Z',
          updated_at: '2026-10-01T12:00:00.000Z',
          ...overrides,
        },
        seo: {
          title: 'Terms of Service - Cadence',
          description: null,
          canonical: 'http://localhost/pages/terms',
        },
        set_seo: true,
      }),
    ),
  );

const failing = (status: number) =>
  http.get('*/api/v1/custom-pages/:idOrSlug', () => HttpResponse.json({ message: 'Error' }, { status }));

/** Spec 2.9 `/pages/{slug}`: the site's own pages in their frame (navbar, content, footer). */
const meta = {
  title: 'CustomPages/CustomPage',
  component: CustomPage,
  decorators: [withRouter],
  parameters: { route: '/pages/terms', routePath: '/pages/:pageSlug', msw: [page()] },
} satisfies Meta<typeof CustomPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Headings, lists, a quote and links in the page's typography. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(canvas.getByRole('link', { name: 'privacy policy' })).toBeTruthy();
  },
};

/** `hide_nav`: no navbar. */
export const WithoutNavigation: Story = { parameters: { msw: [page({ hide_nav: true })] } };

/** A script that slipped into an answer does not run (the body is purified again). */
export const UnsafeBodyPurified: Story = {
  parameters: {
    msw: [
      page({
        body: '<p>Safe text</p><img src="x" alt="" onerror="window.__pwned = true"><script>window.__pwned = true</script>',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const body = await within(canvasElement).findByTestId('custom-page-body');
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('[onerror]')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  },
};

export const LongTitle: Story = {
  parameters: {
    msw: [
      page({
        title: 'Community Guidelines for Artists, Labels, Listeners and Everyone Who Comments on Tracks',
      }),
    ],
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/custom-pages/:idOrSlug', () => delay('infinite'))] },
};

export const NotFound: Story = {
  parameters: { msw: [failing(404)] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByTestId('not-found-page')).toBeTruthy();
  },
};

export const ServerError: Story = {
  parameters: { msw: [failing(500)] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByTestId('generic-error-page')).toBeTruthy();
  },
};

import { fixture } from '@cadence/app-shell/test/story-helpers';
import {
  ZCustomPagePayloadSchema,
  ZCustomPageResponseSchema,
  ZCustomPageSavedSchema,
} from '@cadence/contracts/custom-page';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { storyCustomPage } from '../../test/admin-content-fixtures';
import {
  expectToast,
  failingHandler,
  findSpinner,
  pendingHandler,
  withRoutes,
} from '../../test/admin-story-fixtures';
import { CustomPageEditPage } from './custom-page-edit-page';

const page = http.get('*/api/v1/custom-pages/2', () =>
  HttpResponse.json(
    fixture(ZCustomPageResponseSchema, {
      page: storyCustomPage(2),
      seo: {
        title: 'Privacy policy',
        description: null,
        canonical: 'https://example.com/pages/privacy-policy',
      },
      set_seo: true,
    }),
  ),
);
/** `PUT api/v1/custom-pages/2` (POST with the method override): the body must parse. */
const saved = http.post('*/api/v1/custom-pages/2', async ({ request }) => {
  const body = ZCustomPagePayloadSchema.parse(await request.json());
  return HttpResponse.json(
    fixture(ZCustomPageSavedSchema, { page: storyCustomPage(2, { title: body.title }) }),
  );
});

/** /admin/custom-pages/new and /{pageId}/edit: title, slug, the rich text content, SEO fields. */
const meta = {
  title: 'CustomPages/CustomPageEditPage',
  component: CustomPageEditPage,
  decorators: [withRoutes],
  parameters: { path: '/custom-pages/:pageId/edit', route: '/custom-pages/2/edit', msw: [page, saved] },
} satisfies Meta<typeof CustomPageEditPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An existing page, saved. */
export const Edit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = (await canvas.findByRole('textbox', { name: /^Title/ })) as HTMLInputElement;
    expect(title.value).toBe('Privacy policy');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectToast('Page updated');
  },
};

/** A new page with a bad slug and no title: each field says what is wrong. */
export const NewInvalid: Story = {
  parameters: { path: '/custom-pages/new', route: '/custom-pages/new' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Slug/ }), 'Not A Slug');
    await userEvent.click(canvas.getByRole('button', { name: 'Create' }));
    expect(await canvas.findByText('The title field is required.')).toBeTruthy();
    expect(
      canvas.getByText('The slug may only contain lowercase letters, numbers and single hyphens.'),
    ).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('custom-pages/2')] },
  play: async ({ canvasElement }) => {
    await findSpinner(canvasElement);
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('custom-pages/2')] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain(
      'This page could not be loaded.',
    );
  },
};

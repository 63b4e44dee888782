import { fixture } from '@cadence/app-shell/test/story-helpers';
import {
  ZLocalizationLineSchema,
  ZLocalizationResponseSchema,
  ZSaveLinesPayloadSchema,
  ZSaveLinesResponseSchema,
} from '@cadence/contracts/localizations';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { storyLocalization, storyLocalizationLines } from '../../test/admin-content-fixtures';
import {
  expectToast,
  failingHandler,
  findSpinner,
  listHandler,
  pendingHandler,
  withRoutes,
} from '../../test/admin-story-fixtures';
import { TranslatePage } from './translate-page';

const language = http.get('*/api/v1/localizations/2', () =>
  HttpResponse.json(fixture(ZLocalizationResponseSchema, { localization: storyLocalization(2) })),
);
const lines = listHandler('localizations/2/lines', ZLocalizationLineSchema, () => storyLocalizationLines(40));
/** `PUT api/v1/localizations/2/lines`: only the changed lines, parsed with the contract. */
const saved = http.post('*/api/v1/localizations/2/lines', async ({ request }) => {
  const body = ZSaveLinesPayloadSchema.parse(await request.json());
  return HttpResponse.json(
    fixture(ZSaveLinesResponseSchema, { message: 'Saved', saved: Object.keys(body.lines).length }),
  );
});

/** /admin/localizations/{id}/translate: each source line with its translation, searchable, paged. */
const meta = {
  title: 'Localizations/TranslatePage',
  component: TranslatePage,
  decorators: [withRoutes],
  parameters: {
    path: '/localizations/:localeId/translate',
    route: '/localizations/2/translate',
    msw: [language, lines, saved],
  },
} satisfies Meta<typeof TranslatePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A line translated and saved. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { name: 'Translate Français' })).toBeTruthy();
    const [first] = await canvas.findAllByRole('textbox', { name: /^Pause/ });
    await userEvent.type(first!, 'Mettre en pause');
    await userEvent.click(canvas.getByRole('button', { name: 'Save translations' }));
    await expectToast('Saved translations');
  },
};

/** A search that matches no line. */
export const NoMatch: Story = {
  parameters: { route: '/localizations/2/translate?query=zz-nothing' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('No lines match these filters.')).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [language, pendingHandler('localizations/2/lines')] },
  play: async ({ canvasElement }) => {
    await findSpinner(canvasElement);
  },
};

export const LinesError: Story = {
  parameters: { msw: [language, failingHandler('localizations/2/lines')] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain('There was an issue.');
  },
};

export const LanguageError: Story = {
  parameters: { msw: [failingHandler('localizations/2'), lines] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain(
      'This language could not be loaded.',
    );
  },
};

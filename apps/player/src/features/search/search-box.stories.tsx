import { LONG_NAME } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { type TSuggestion, ZSuggestionsResponseSchema } from '@cadence/contracts/search';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SearchBox } from './search-box';

const SUGGESTIONS: TSuggestion[] = [
  { type: 'artist', id: 101, name: 'The Midnight Hours', image: null, subtitle: null },
  { type: 'album', id: 7, name: 'Night Drive', image: null, subtitle: 'The Midnight Hours' },
  { type: 'track', id: 12, name: 'Nightfall', image: null, subtitle: 'The Midnight Hours' },
  {
    type: 'track',
    id: 13,
    name: LONG_NAME,
    image: null,
    subtitle: 'A Collective With A Remarkably Long Name',
  },
];

/** `GET api/v1/search/suggestions`: the contract-parsed answer for the typed text. */
const suggestions = (results: TSuggestion[]) =>
  http.get('*/api/v1/search/suggestions', ({ request }) =>
    HttpResponse.json(
      fixture(ZSuggestionsResponseSchema, {
        query: new URL(request.url).searchParams.get('query') ?? '',
        results,
      }),
    ),
  );

/**
 * The top bar's search: a plain field that becomes the suggestions combobox (react-aria, a lazy
 * chunk) on focus; suggestions as you type, arrows and Enter open one, Enter alone the results.
 */
const meta = {
  title: 'SearchBox',
  component: SearchBox,
  decorators: [withRouter, (Story) => <div className="max-w-md">{Story()}</div>],
  parameters: { msw: [suggestions(SUGGESTIONS)] },
} satisfies Meta<typeof SearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

async function typeIn(canvasElement: HTMLElement, text: string) {
  // The pointer coming near swaps the plain field for the combobox (its chunk loads then).
  await userEvent.hover(within(canvasElement).getByRole('textbox', { name: 'Search' }));
  const combobox = await within(canvasElement).findByRole('combobox', { name: 'Search' });
  await userEvent.click(combobox);
  await userEvent.keyboard(text);
}

/** Typing lists the suggestions of every kind; ArrowDown highlights the first. */
export const Suggestions: Story = {
  play: async ({ canvasElement }) => {
    await typeIn(canvasElement, 'night');
    const listbox = await within(document.body).findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(SUGGESTIONS.length));
    await userEvent.keyboard('{ArrowDown}');
    const combobox = within(canvasElement).getByRole('combobox', { name: 'Search' });
    expect(combobox.getAttribute('aria-activedescendant')).toBeTruthy();
  },
};

/** The suggestions of the typed text have not arrived yet. */
export const Searching: Story = {
  parameters: { msw: [http.get('*/api/v1/search/suggestions', () => delay('infinite'))] },
  play: async ({ canvasElement }) => {
    await typeIn(canvasElement, 'night');
    const listbox = await within(document.body).findByRole('listbox');
    expect(await within(listbox).findByText('Searching...')).toBeTruthy();
  },
};

/** Nothing matched: the list says so. */
export const NoResults: Story = {
  parameters: { msw: [suggestions([])] },
  play: async ({ canvasElement }) => {
    await typeIn(canvasElement, 'zzzz');
    const listbox = await within(document.body).findByRole('listbox');
    expect(await within(listbox).findByText('No results for "zzzz"')).toBeTruthy();
  },
};

/**
 * The combobox chunk is already loaded (an earlier search box used it), so the swap happens
 * inside the focus event itself: Tab lands in the combobox, which keeps the focus and the keys.
 */
export const TabWhenLoaded: Story = {
  play: async ({ canvasElement }) => {
    await import('./search-typeahead');
    await userEvent.tab();
    const combobox = await within(canvasElement).findByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(document.activeElement).toBe(combobox));
    await userEvent.keyboard('night');
    await waitFor(() => expect(combobox).toHaveProperty('value', 'night'));
    await within(document.body).findByRole('listbox');
  },
};

/** The "/" shortcut focuses the field by script, with the chunk already loaded. */
export const ShortcutFocusWhenLoaded: Story = {
  play: async ({ canvasElement }) => {
    await import('./search-typeahead');
    document.getElementById('site-search')?.focus();
    const combobox = await within(canvasElement).findByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(document.activeElement).toBe(combobox));
  },
};

import { storyArtist } from '@cadence/app-shell/test/story-fixtures';
import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZArtistSchema } from '@cadence/contracts/artist';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ArtistSearchField } from './artist-search-field';

/** `GET api/v1/artists?query=`: the artists whose name contains the text (contract-parsed). */
const artists = http.get('*/api/v1/artists', ({ request }) => {
  const query = (new URL(request.url).searchParams.get('query') ?? '').toLowerCase();
  const all = [
    storyArtist(101, { name: 'The Midnight Hours' }),
    storyArtist(102, { name: 'Midnight Choir' }),
    storyArtist(103, { name: 'Dawn Patrol' }),
  ];
  const data = all.filter((artist) => artist.name.toLowerCase().includes(query));
  return HttpResponse.json(
    fixture(paginationSchema(ZArtistSchema), {
      pagination: { data, current_page: 1, per_page: 8, total: data.length, last_page: 1 },
    }),
  );
});

/** The backstage request form's "which artist" field: search, then pick one. */
const meta = {
  title: 'ArtistSearchField',
  component: ArtistSearchField,
  args: { value: null, onChange: fn() },
  parameters: { msw: [artists] },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof ArtistSearchField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing lists the matches; choosing one reports it. */
export const Search: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /^Search for the artist/ }), 'midnight');
    const list = await canvas.findByRole('list', { name: 'Matching artists' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(2));
    await userEvent.click(within(list).getByRole('button', { name: 'The Midnight Hours' }));
    expect(args.onChange).toHaveBeenCalledWith({ id: 101, name: 'The Midnight Hours', image: null });
  },
};

/** No artist has that name. */
export const NoMatches: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /^Search for the artist/ }), 'zzz');
    expect(await canvas.findByText('There are no items matching your query')).toBeTruthy();
  },
};

/** An artist is chosen: its name and a way to change it. */
export const Chosen: Story = { args: { value: { id: 101, name: 'The Midnight Hours' } } };

export const WithError: Story = { args: { errorMessage: 'Choose the artist you are.' } };

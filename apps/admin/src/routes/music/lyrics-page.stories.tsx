import { storyLyrics } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminLyricsRowSchema } from '@cadence/contracts/admin-content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { range, storyLyricsRow } from '../../test/admin-music-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { LyricsPage } from './lyrics-page';

const rows = listHandler('admin/lyrics', ZAdminLyricsRowSchema, () => range(30).map(storyLyricsRow));
/** `GET api/v1/tracks/{id}/lyrics` (the editor's current text). */
const trackLyrics = http.get('*/api/v1/tracks/:id/lyrics', ({ params }) =>
  HttpResponse.json({ lyrics: storyLyrics(Number(params.id), true) }),
);
const states = listPageStates({
  route: '/lyrics',
  endpoint: 'admin/lyrics',
  rows,
  empty: listHandler('admin/lyrics', ZAdminLyricsRowSchema, () => []),
  emptyText: 'No lyrics yet',
  rowText: 'Night Drive 2',
});

/** /admin/lyrics (`GET api/v1/admin/lyrics`): every track with lyrics, plain or synced; edit in the LRC editor. */
const meta = {
  title: 'Music/LyricsPage',
  component: LyricsPage,
  decorators: [withRouter],
} satisfies Meta<typeof LyricsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** "Edit" opens the LRC editor with the track's lyrics (`GET api/v1/tracks/{id}/lyrics`); emptied, it says the lyrics are required. */
export const EditLyrics: Story = {
  parameters: { route: '/lyrics', msw: [rows, trackLyrics] },
  play: async ({ canvasElement }) => {
    const [edit] = await within(canvasElement).findAllByRole('button', { name: 'Edit' });
    await userEvent.click(edit!);
    const dialog = await within(document.body).findByRole('dialog');
    const text = (await within(dialog).findByRole('textbox', { name: /^Lyrics/ })) as HTMLTextAreaElement;
    await waitFor(() => expect(text.value).toContain('Headlights'));
    await userEvent.clear(text);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The lyrics are required.')).toBeTruthy();
  },
};

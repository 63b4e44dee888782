import { storyPlaylist } from '@cadence/app-shell/test/story-fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SmartPlaylistEditor } from './smart-playlist-editor';

/** The count endpoint answers by the number of rules, so the story sees the count follow the edits. */
const counting = http.post('*/api/v1/playlists/smart/count', async ({ request }) => {
  const body = (await request.json()) as { smart_rules: { rules: unknown[] } };
  return HttpResponse.json({ count: 10 * body.smart_rules.rules.length });
});
const created = http.post('*/api/v1/playlists', async ({ request }) => {
  const body = (await request.json()) as { name: string; smart_rules: unknown };
  return HttpResponse.json({
    playlist: { ...storyPlaylist(42, { name: body.name }), smart_rules: body.smart_rules },
  });
});

/** Smart playlist rules with the live count of matching tracks (sidebar "New smart playlist"). */
const meta = {
  title: 'SmartPlaylistEditor',
  component: SmartPlaylistEditor,
  args: { onClose: fn() },
  parameters: { msw: [counting, created] },
} satisfies Meta<typeof SmartPlaylistEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('dialog');

/** From the keyboard: a new rule's field picked with the arrows; a wrong value is named, no count. */
export const PickFieldByKeyboard: Story = {
  play: async () => {
    const editor = within(dialog());
    editor.getByRole('button', { name: 'Add rule' }).focus();
    await userEvent.keyboard('{Enter}');
    within(editor.getAllByTestId('smart-rule-field')[1] as HTMLElement)
      .getByRole('button')
      .focus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(document.body).findByRole('listbox');
    within(listbox).getByRole('option', { name: 'Year' }).focus();
    await userEvent.keyboard('{Enter}');
    const year = await editor.findByRole('textbox', { name: 'Year' });
    await userEvent.type(year, 'x');
    expect(await editor.findByText('year is needs a number.')).toBeTruthy();
    expect(editor.getByTestId('smart-count').textContent).toBe('Fix the rules to see how many tracks match.');
  },
};

/** Editing an existing smart playlist, with a group. */
export const EditWithGroup: Story = {
  args: {
    playlist: {
      ...storyPlaylist(7, { name: 'Loved 90s' }),
      smart_rules: {
        match: 'all',
        rules: [
          { field: 'year', operator: 'between', value: [1990, 1999] },
          {
            match: 'any',
            rules: [
              { field: 'liked', operator: 'is', value: true },
              { field: 'play_count', operator: 'gt', value: 5 },
            ],
          },
        ],
        sort: { field: 'random', order: 'asc' },
        limit: 50,
      },
    },
  },
  play: async () => {
    await waitFor(() =>
      expect(within(dialog()).getByTestId('smart-count').textContent).toBe('20 matching tracks'),
    );
  },
};

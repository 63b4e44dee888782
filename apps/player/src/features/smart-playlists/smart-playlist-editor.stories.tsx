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

/** Built from the keyboard: a rule's field picked with arrows, its value typed, the count follows. */
export const BuildByKeyboard: Story = {
  play: async ({ args }) => {
    const editor = within(dialog());
    await userEvent.type(editor.getByRole('textbox', { name: /Name/ }), 'Long jazz');
    await userEvent.type(editor.getByRole('textbox', { name: 'Title' }), 'blue');
    await waitFor(() => expect(editor.getByTestId('smart-count').textContent).toBe('10 matching tracks'));

    editor.getByRole('button', { name: 'Add rule' }).focus();
    await userEvent.keyboard('{Enter}');
    const field = editor.getAllByTestId('smart-rule-field')[1] as HTMLElement;
    within(field).getByRole('button').focus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(document.body).findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Duration (seconds)' }));
    const duration = editor.getByRole('textbox', { name: 'Duration (seconds)' });
    await userEvent.clear(duration);
    await userEvent.type(duration, 'long');
    expect(await editor.findByText('duration is needs a number.')).toBeTruthy();
    expect(editor.getByTestId('smart-count').textContent).toBe('Fix the rules to see how many tracks match.');
    await userEvent.clear(duration);
    await userEvent.type(duration, '300');
    await waitFor(() => expect(editor.getByTestId('smart-count').textContent).toBe('20 matching tracks'));

    await userEvent.click(editor.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(args.onClose).toHaveBeenCalledWith(
        expect.objectContaining({
          id: 42,
          smart_rules: expect.objectContaining({
            rules: [
              { field: 'title', operator: 'is', value: 'blue' },
              { field: 'duration', operator: 'is', value: 300 },
            ],
          }),
        }),
      ),
    );
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

import { LONG_NAME, storyTrack, storyTracks } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZLibraryStateResponseSchema } from '@cadence/contracts/library-state';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { toPlayerTrack } from '../catalogue/to-player-track';
import { player } from '../player-ui/story-player';
import { TrackTable } from './track-table';

/** The signed-in listener has liked track 2: `GET api/v1/users/me/liked-ids`. */
const likedIds = http.get('*/api/v1/users/me/liked-ids', ({ request }) => {
  const asked = new URL(request.url).searchParams.get('ids')?.split(',').map(Number) ?? [];
  return HttpResponse.json(fixture(ZLibraryStateResponseSchema, { ids: asked.filter((id) => id === 2) }));
});

type TArgs = { count: number; longNames?: boolean; hideAlbum?: boolean };

/** The contract's tracks (parsed as the story renders) as the player's table shows them. */
function Table({ count, longNames, hideAlbum }: TArgs) {
  const tracks = storyTracks(count).map((track) =>
    toPlayerTrack(
      longNames && track.id % 2 === 1
        ? storyTrack(track.id, {
            name: LONG_NAME,
            artists: [
              {
                id: 900,
                name: 'A Collective With A Remarkably Long Name Featuring Several Guest Vocalists',
                slug: 'collective',
                image_small: null,
              },
            ],
          })
        : track,
    ),
  );
  return <TrackTable tracks={tracks} hideAlbum={hideAlbum} aria-label="Songs" />;
}

/**
 * The track list of album, artist, playlist, library and search pages: a grid (arrow keys,
 * Enter plays, Space selects, Shift/Ctrl ranges), the playing row highlighted, likes per row.
 */
const meta = {
  title: 'TrackTable',
  component: Table,
  decorators: [withRouter],
  args: { count: 8 },
  parameters: { msw: [likedIds] },
  beforeEach: player(),
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid', { name: 'Songs' });
    expect(within(grid).getAllByTestId('track-row')).toHaveLength(8);
    expect(grid.getAttribute('aria-rowcount')).toBe('9');
  },
};

/** Track 1 plays: its row is highlighted and its play button pauses. */
export const PlayingRow: Story = {
  beforeEach: player({ tracks: storyTracks(8).map((track) => toPlayerTrack(track)) }),
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByTestId('track-row');
    expect(rows[0]?.getAttribute('data-playing')).toBe('true');
    expect(rows[1]?.getAttribute('data-playing')).toBeNull();
  },
};

/** The playing row in the light theme: its primary-coloured title keeps 4.5:1 on the row's tint. */
export const PlayingRowLight: Story = { ...PlayingRow, globals: { theme: 'light' } };

/** Very long titles and artist names truncate instead of pushing the duration out. */
export const LongNames: Story = { args: { count: 6, longNames: true } };

/** The album page hides the album column. */
export const WithoutAlbum: Story = { args: { count: 5, hideAlbum: true } };

/** Many rows: from 100 on, only the rows near the viewport are in the DOM. */
export const ManyRows: Story = {
  args: { count: 250 },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid', { name: 'Songs' });
    expect(grid.getAttribute('aria-rowcount')).toBe('251');
    expect(within(grid).getAllByTestId('track-row').length).toBeLessThanOrEqual(250);
  },
};

/** Shift+Down extends the selection, which the live region announces. */
export const KeyboardSelection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = canvas.getAllByTestId('track-row');
    (rows[0] as HTMLElement).focus();
    await userEvent.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(canvas.getByTestId('track-selection-status').textContent).toBe('3 selected tracks');
  },
};

/** A row's "More options" opens the track menu; arrow keys move in it and Escape closes it. */
export const RowMenu: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByRole('button', { name: 'More options' })[0] as HTMLElement);
    // The menu is a lazy chunk: the first open waits for it (the dev server transforms it then).
    const menu = await within(document.body).findByRole('menu', { name: 'Track options' });
    expect(within(menu).getByRole('menuitem', { name: 'Go to track radio' })).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}');
    expect(menu.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(within(document.body).queryByRole('menu', { name: 'Track options' })).toBeNull();
  },
};

/** No rows: the header only (pages put their own empty message around it). */
export const Empty: Story = { args: { count: 0 } };

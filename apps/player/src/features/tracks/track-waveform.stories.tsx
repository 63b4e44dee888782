import { storyComment, storyTrack, storyWave } from '@cadence/app-shell/test/story-fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { toPlayerTrack } from '../catalogue/to-player-track';
import { getPlayer } from '../playback/player-instance';
import { player } from '../player-ui/story-player';
import { TrackWaveform } from './track-waveform';

/** `GET api/v1/tracks/1/wave`: the stored peaks, contract-parsed per request. */
const wave = http.get('*/api/v1/tracks/1/wave', () => HttpResponse.json(storyWave()));

type TArgs = { withComments: boolean; isReadOnly?: boolean };

function TrackPageWaveform({ withComments, isReadOnly = false }: TArgs) {
  const track = toPlayerTrack(storyTrack(1, { name: 'Night Drive', duration: 214_000 }));
  const comments = withComments
    ? [
        storyComment(1, 12_000, 'That intro!', 'Ada Lovelace'),
        storyComment(2, 95_500, 'The drop at 1:35 gets me every time'),
        storyComment(3, 180_000, 'A comment long enough to wrap onto a second line of its little bubble.'),
      ]
    : [];
  return <TrackWaveform track={track} comments={comments} isReadOnly={isReadOnly} />;
}

/**
 * The track page's waveform: the peaks (the played part in the primary colour), a slider to
 * play from a moment, and the timestamped comments at their moment.
 */
const meta = {
  title: 'TrackWaveform',
  component: TrackPageWaveform,
  decorators: [(Story) => <div className="max-w-4xl pt-12">{<Story />}</div>],
  args: { withComments: true },
  parameters: { msw: [wave] },
  beforeEach: player(),
} satisfies Meta<typeof TrackPageWaveform>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithComments: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByTestId('waveform')).toBeTruthy();
    expect(canvas.getAllByTestId('waveform-comment')).toHaveLength(3);
    // A comment plays the track from its moment.
    await userEvent.click(canvas.getByRole('button', { name: 'Ada Lovelace at 0:12: That intro!' }));
    expect(getPlayer().currentItem()?.track.id).toBe(1);
  },
};

/** This track plays at 1:07: the played part is coloured; arrow keys seek by 5 seconds. */
export const Playing: Story = {
  beforeEach: player({ tracks: [toPlayerTrack(storyTrack(1, { name: 'Night Drive', duration: 214_000 }))] }),
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider', { name: 'Seek' });
    expect(slider.getAttribute('aria-valuenow')).toBe('67');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(getPlayer().getSnapshot().position).toBe(72);
  },
};

/** In a listening party (only the host moves it): the picture and the comments, no slider, no jumps. */
export const ReadOnly: Story = {
  args: { withComments: true, isReadOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByTestId('waveform')).toBeTruthy();
    expect(canvas.queryByRole('slider')).toBeNull();
    expect(canvas.getAllByTestId('waveform-comment')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Ada Lovelace at 0:12: That intro!' }));
    expect(getPlayer().currentItem()).toBeFalsy();
  },
};

export const WithoutComments: Story = { args: { withComments: false } };

/** No peaks stored yet (or the request failed): a plain progress line. */
export const NoPeaks: Story = {
  parameters: { msw: [http.get('*/api/v1/tracks/1/wave', () => HttpResponse.json({}, { status: 404 }))] },
};

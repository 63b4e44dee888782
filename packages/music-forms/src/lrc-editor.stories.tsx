import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZLyricsSchema } from '@cadence/contracts/lyrics';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { LrcEditor } from './lrc-editor';

/** A short silent track made in the page (8 kHz mono WAV), so the catalogue needs no server. */
function silentWav(seconds: number): string {
  const rate = 8000;
  const samples = rate * seconds;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:audio/wav;base64,${btoa(binary)}`;
}
const TRACK = silentWav(5);

/** Lyrics as `GET api/v1/tracks/{id}/lyrics` answers them, checked against the contract. */
const plain = fixture(ZLyricsSchema, {
  id: 1,
  track_id: 12,
  text: 'City lights are calling\nDriving through the night\nNever looking back now\nUntil the morning light',
  synced: false,
  language: 'en',
  source: null,
  updated_at: '2026-11-20T10:00:00.000Z',
});
const synced = fixture(ZLyricsSchema, {
  ...plain,
  synced: true,
  text: '[00:00.50]City lights are calling\n[00:02.10]Driving through the night\nNever looking back now\nUntil the morning light',
});

function Editor({ initial, audioSrc }: { initial: string; audioSrc: string | null }) {
  const [value, setValue] = useState(initial);
  return <LrcEditor label="Lyrics" value={value} onChange={setValue} audioSrc={audioSrc} />;
}

/**
 * Synced lyrics made by listening: play the track and press "Set time" (or Enter on it) as each
 * line is sung; the line gets the playback position and the next line becomes current.
 */
const meta = {
  title: 'LrcEditor',
  component: Editor,
  args: { initial: plain.text, audioSrc: TRACK },
} satisfies Meta<typeof Editor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PlainLyrics: Story = {};

export const PartlySynced: Story = { args: { initial: synced.text } };

/** Without the track's stream, times can only be typed. */
export const WithoutAudio: Story = { args: { audioSrc: null } };

export const Empty: Story = { args: { initial: '' } };

/** Pressing "Set time" stamps the line and makes the next one current. */
export const SetTime: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Set time of line 1' }));
    const text = canvas.getByLabelText(/Lyrics text/) as HTMLTextAreaElement;
    expect(text.value.split('\n')[0]).toMatch(/^\[00:00\.\d\d\]City lights are calling$/);
    const lines = within(canvas.getByRole('list', { name: 'Lines to sync' })).getAllByRole('listitem');
    expect(lines[1]?.getAttribute('aria-current')).toBe('step');
  },
};

export const LongLines: Story = {
  args: {
    initial: Array.from(
      { length: 30 },
      (_, i) =>
        `Line ${i + 1}: a verse that goes on and on, longer than any sensible lyric line would ever be`,
    ).join('\n'),
  },
};

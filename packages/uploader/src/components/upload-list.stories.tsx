import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { TUploadItem } from '../upload-types';
import { createUploadedFile } from '../uploaded-file';
import { UploadList } from './upload-list';

const item = (name: string, size: number, patch: Partial<TUploadItem>): TUploadItem => ({
  file: createUploadedFile(new File([new Uint8Array(size)], name, { type: 'audio/mpeg' })),
  percentage: 0,
  bytesUploaded: 0,
  status: 'pending',
  options: {},
  entry: null,
  request: null,
  errorMessage: null,
  ...patch,
});

/** The upload queue of the backstage's upload page: progress, errors, cancel and retry per file. */
const meta = {
  title: 'UploadList',
  component: UploadList,
  args: {
    onAbort: fn(),
    onRetry: fn(),
    items: [
      item('01 - Night Drive.mp3', 8_400_000, {
        status: 'inProgress',
        percentage: 42,
        bytesUploaded: 3_528_000,
      }),
      item('02 - Intro.flac', 24_000_000, { status: 'pending' }),
      item('03 - Outro.wav', 52_000_000, {
        status: 'failed',
        errorMessage: 'This file type is not allowed.',
      }),
      item('04 - Interlude.mp3', 3_100_000, {
        status: 'completed',
        percentage: 100,
        bytesUploaded: 3_100_000,
      }),
    ],
  },
} satisfies Meta<typeof UploadList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MixedStates: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('alert').textContent).toBe('This file type is not allowed.');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel upload of 01 - Night Drive.mp3' }));
    expect(args.onAbort).toHaveBeenCalled();
  },
};

export const LongFileNames: Story = {
  args: {
    items: [
      item(
        'An Extraordinarily Long File Name From A Tagging Tool (Extended Live Version, Remastered 2026) [FLAC 24-bit 96kHz].flac',
        120_000_000,
        { status: 'inProgress', percentage: 7, bytesUploaded: 8_400_000 },
      ),
    ],
  },
};

export const ManyFiles: Story = {
  args: {
    items: Array.from({ length: 40 }, (_, i) =>
      item(`Track ${String(i + 1).padStart(2, '0')}.mp3`, 5_000_000, {
        status: i < 12 ? 'completed' : i === 12 ? 'inProgress' : 'pending',
        percentage: i < 12 ? 100 : i === 12 ? 63 : 0,
      }),
    ),
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileDropZone } from './file-drop-zone';

/**
 * Where files enter an upload: the backstage and admin upload pages, the artist request form and
 * the music forms' media fields. Dropping or picking hands the files to `onFiles` (dropped folders
 * are walked: collect-dropped-files.test.ts).
 */
const meta = {
  title: 'Uploader/FileDropZone',
  component: FileDropZone,
  args: { onFiles: fn() },
} satisfies Meta<typeof FileDropZone>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Picking files delivers them, with their names and sizes, without the system's .DS_Store. */
export const Default: Story = {
  args: { acceptedFileTypes: ['audio/*'] },
  play: async ({ canvasElement, args }) => {
    await within(canvasElement).findByRole('button', { name: 'Browse files' });
    const input = canvasElement.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('audio/*');
    await userEvent.upload(input, [
      new File([new Uint8Array(2048)], '01 - Night Drive.mp3', { type: 'audio/mpeg' }),
      new File(['x'], '.DS_Store', { type: 'audio/mpeg' }),
    ]);
    await waitFor(() => expect(args.onFiles).toHaveBeenCalledTimes(1));
    const [files] = (args.onFiles as ReturnType<typeof fn>).mock.calls[0] as [
      { name: string; size: number }[],
    ];
    expect(files.map((file) => [file.name, file.size])).toEqual([['01 - Night Drive.mp3', 2048]]);
  },
};

/** One image at a time, as the artwork fields ask; the button is reached with the keyboard. */
export const SingleImage: Story = {
  args: {
    label: 'Drop the cover art here',
    description: 'JPEG or PNG, at most 2 MB',
    buttonLabel: 'Choose an image',
    allowsMultiple: false,
    acceptedFileTypes: ['image/*'],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Choose an image' });
    await userEvent.tab();
    while (document.activeElement !== button && canvasElement.contains(document.activeElement))
      await userEvent.tab();
    expect(button).toHaveFocus();
    expect(canvas.getByText('JPEG or PNG, at most 2 MB')).toBeTruthy();
  },
};

/** While an upload may not start (no upload minutes left, a form saving). */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('button', { name: 'Browse files' })).toBeDisabled();
  },
};

/** A whole folder of an album at once (the upload pages' "Browse" takes directories). */
export const Folder: Story = {
  args: {
    acceptDirectory: true,
    label: 'Drop an album folder here, or its tracks',
    description: 'Every audio file inside is added to the queue, in track order',
    buttonLabel: 'Choose a folder',
  },
};

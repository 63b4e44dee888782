import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LOCAL_SETTINGS } from '../test/upload-test-helpers';
import { IMAGE_REQUIRED_MESSAGE, ImageUploadField } from './image-upload-field';

const COVER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="%236d28d9"/><circle cx="5" cy="5" r="3" fill="%23f5f3ff"/></svg>',
  );

/**
 * Spec 5 "Image upload": an image field of the music and appearance forms (cover art, avatars,
 * the site logo). Picking uploads to the public disk and hands back the file's URL.
 */
const meta = {
  title: 'Uploader/ImageUploadField',
  component: ImageUploadField,
  args: {
    label: 'Cover art',
    value: null,
    onChange: fn(),
    onToast: fn(),
    settings: LOCAL_SETTINGS,
    description: 'Square, at least 1000 x 1000 pixels',
  },
} satisfies Meta<typeof ImageUploadField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('button', { name: 'Upload image' })).toBeEnabled();
  },
};

/** A current image: replace it, or remove it (the form then saves none). */
export const WithImage: Story = {
  args: { value: COVER },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('img', { name: 'Cover art' })).toBeTruthy();
    expect(canvas.getByRole('button', { name: 'Replace image' })).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove image' }));
    expect(args.onChange).toHaveBeenCalledWith(null, null);
  },
};

/** The server refused the saved form for this field: its message replaces the help text. */
export const ServerError: Story = {
  args: { errorMessage: 'The image could not be saved. Try another file.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('alert')).toHaveTextContent('The image could not be saved.');
    expect(canvas.queryByText('Square, at least 1000 x 1000 pixels')).toBeNull();
  },
};

/** A required image blocks the form's submit like any other field, with spec 5's message. */
export const Required: Story = {
  args: { isRequired: true, name: 'image' },
  render: (args) => (
    <form onSubmit={(event) => event.preventDefault()} className="flex flex-col items-start gap-4">
      <ImageUploadField {...args} />
      <button type="submit" className="rounded border border-divider px-3 py-1 text-fg">
        Save album
      </button>
    </form>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Save album' }));
    expect(await canvas.findByRole('alert')).toHaveTextContent(IMAGE_REQUIRED_MESSAGE);
  },
};

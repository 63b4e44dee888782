import { ZAdminArtistRowSchema } from '@cadence/contracts/admin-catalogue';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { range, storyArtistRow } from '../../test/admin-music-fixtures';
import { keysetHandler, withRoutes } from '../../test/admin-story-fixtures';
import { UploadPage } from './upload-page';

/** /admin/upload: the artist to publish as, and the upload flow (drop audio, check tags, publish). */
const meta = {
  title: 'Music/UploadPage',
  component: UploadPage,
  decorators: [withRoutes],
  parameters: {
    route: '/upload',
    msw: [keysetHandler('admin/artists', ZAdminArtistRowSchema, () => range(8).map(storyArtistRow))],
  },
} satisfies Meta<typeof UploadPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('heading', { name: 'Upload' })).toBeTruthy();
    expect(canvas.getByRole('combobox', { name: /^Artist/ })).toBeTruthy();
  },
};

import { defaultSeoTemplates } from '@cadence/contracts/seo';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SeoPreview } from './seo-preview';

/** The SEO editor's preview: a template's title and description with sample values. */
const meta = {
  title: 'Appearance/SeoPreview',
  component: SeoPreview,
  args: {
    template: defaultSeoTemplates.album_page,
    original: defaultSeoTemplates.album_page,
    siteName: 'Cadence',
  },
} satisfies Meta<typeof SeoPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByTestId('seo-preview-title')).toHaveTextContent('Night Swim - Nina Vale - Cadence');
    expect(canvas.getByTestId('seo-preview-description')).toHaveTextContent(
      'A short description of this page.',
    );
  },
};

/** A title that renders empty shows the original template's, as the served page does. */
export const EmptyTitleFallsBack: Story = {
  args: { template: '<title>{{ }}</title>' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByTestId('seo-preview-title')).toHaveTextContent('Night Swim - Nina Vale - Cadence');
    expect(canvas.getByTestId('seo-preview-description')).toHaveTextContent('No description.');
  },
};

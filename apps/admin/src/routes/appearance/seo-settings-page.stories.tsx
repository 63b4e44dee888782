import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { appearanceParameters } from '../../test/admin-appearance-fixtures';
import { withRoutes } from '../../test/admin-story-fixtures';
import { AppearanceLayout } from './appearance-layout';
import { SeoSettingsPage } from './seo-settings-page';

/** Appearance > SEO: each page kind's meta template, changed or the original. */
const meta = {
  title: 'Appearance/SeoSettingsPage',
  component: SeoSettingsPage,
  decorators: [withRoutes],
  parameters: { ...appearanceParameters(AppearanceLayout, 'seo-settings', '/appearance/seo-settings') },
} satisfies Meta<typeof SeoSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findAllByText('The original template.')).length).toBeGreaterThan(0);
  },
};

/** A placeholder the page does not know is named under the template; the preview follows the draft. */
export const UnknownPlaceholder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const area = (await canvas.findByLabelText('Album page')) as HTMLTextAreaElement;
    await userEvent.click(area);
    area.setSelectionRange(0, area.value.length);
    await userEvent.paste('<title>{{album.nam}} on {{site_name}}</title>');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(
      canvas.getByText(/The placeholder \{\{album\.nam\}\} is not available on this page\./),
    ).toBeInTheDocument();
    expect(canvas.getAllByTestId('seo-preview-title')[1]).toHaveTextContent(/^on /);
  },
};

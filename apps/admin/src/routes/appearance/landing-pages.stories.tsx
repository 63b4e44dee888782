import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { appearanceParameters } from '../../test/admin-appearance-fixtures';
import { withRoutes } from '../../test/admin-story-fixtures';
import { AppearanceLayout } from './appearance-layout';
import { LandingActionsPage } from './landing-actions-page';
import { LandingPrimaryFeaturesPage, LandingSecondaryFeaturesPage } from './landing-features-pages';
import { LandingGeneralPage } from './landing-general-page';
import { LandingSectionsPage } from './landing-pages';

/** Appearance > Landing page: its sections, the header and footer, the action buttons, the features. */
const meta = {
  title: 'Appearance/LandingPages',
  component: LandingSectionsPage,
  decorators: [withRoutes],
  parameters: { ...appearanceParameters(AppearanceLayout, 'landing-page', '/appearance/landing-page') },
} satisfies Meta<typeof LandingSectionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Sections: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('heading', { name: 'Landing page' })).toBeTruthy();
  },
};

export const General: Story = {
  render: () => <LandingGeneralPage />,
  parameters: appearanceParameters(
    AppearanceLayout,
    'landing-page/general',
    '/appearance/landing-page/general',
  ),
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('From 0 (hidden) to 1.')).toBeTruthy();
  },
};

export const ActionButtons: Story = {
  render: () => <LandingActionsPage />,
  parameters: appearanceParameters(
    AppearanceLayout,
    'landing-page/action-buttons',
    '/appearance/landing-page/action-buttons',
  ),
  play: async ({ canvasElement }) => {
    const field = (await within(canvasElement).findByRole('textbox', {
      name: /^Search placeholder/,
    })) as HTMLInputElement;
    expect(field.value).toContain('Search for artists');
  },
};

/** "Add feature" adds an empty feature to the list. */
export const PrimaryFeatures: Story = {
  render: () => <LandingPrimaryFeaturesPage />,
  parameters: appearanceParameters(
    AppearanceLayout,
    'landing-page/primary-features',
    '/appearance/landing-page/primary-features',
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add feature' }));
    const save = canvas.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
  },
};

export const SecondaryFeatures: Story = {
  render: () => <LandingSecondaryFeaturesPage />,
  parameters: appearanceParameters(
    AppearanceLayout,
    'landing-page/secondary-features',
    '/appearance/landing-page/secondary-features',
  ),
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('heading', { name: 'Secondary features' })).toBeTruthy();
  },
};

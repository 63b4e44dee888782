import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { appearanceHandler, appearanceSaveHandler } from '../../test/admin-appearance-fixtures';
import { failingHandler, findSpinner, pendingHandler, withRoutes } from '../../test/admin-story-fixtures';
import { AppearanceLayout } from './appearance-layout';
import { SectionListPage } from './section-list-page';

/**
 * /admin/appearance: the editor's sections on the left (the page in the outlet), Save, and the
 * live player preview on the right (`GET api/v1/appearance`).
 */
const meta = {
  title: 'Appearance/AppearanceLayout',
  component: AppearanceLayout,
  decorators: [withRoutes],
  parameters: {
    path: '/appearance',
    route: '/appearance',
    children: [{ index: true, element: <SectionListPage /> }],
    msw: [appearanceHandler(), appearanceSaveHandler()],
  },
} satisfies Meta<typeof AppearanceLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing changed yet: Save waits for a change. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const save = await canvas.findByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled') || save.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(canvas.getByTitle('Preview')).toBeTruthy();
    await userEvent.tab();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('appearance')] },
  play: async ({ canvasElement }) => {
    await findSpinner(canvasElement);
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('appearance')] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain(
      'There was an issue loading this page',
    );
  },
};

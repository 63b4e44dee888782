import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { GenericErrorPage, NotFoundPage } from './error-pages';
import { withRouter } from './test/story-helpers';

/** Spec 2.3: the 404 page (with the way home) and the generic error page every app shows. */
const meta = {
  title: 'Screens/ErrorPages',
  component: NotFoundPage,
  decorators: [withRouter],
} satisfies Meta<typeof NotFoundPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByRole('link', { name: 'Take me there!' }).getAttribute('href')).toBe(
      '/',
    );
  },
};

export const NotFoundOnMobile: Story = { globals: { viewport: { value: 'mobile' } } };

export const GenericError: Story = { render: () => <GenericErrorPage /> };

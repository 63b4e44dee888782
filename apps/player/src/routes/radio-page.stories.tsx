import { storyRadio } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { RadioPage } from './radio-page';

const radio = (count = 6) =>
  http.get('*/api/v1/radio/:type/:id', () =>
    HttpResponse.json(storyRadio('artist', 101, 'The Midnight Hours', count)),
  );

/** `/radio/{seedType}/{seedId}/{name}`: the tracks an endless radio starts with, and Play radio. */
const meta = {
  title: 'Pages/RadioPage',
  component: RadioPage,
  decorators: [withRouter],
  parameters: {
    route: '/radio/artist/101/the-midnight-hours',
    routePath: '/radio/:seedType/:seedId/:seedName',
    msw: [radio()],
  },
} satisfies Meta<typeof RadioPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { level: 1, name: 'The Midnight Hours radio' })).toBeTruthy();
    expect(canvas.getByTestId('start-radio')).toBeEnabled();
  },
};

/** Nothing like the seed yet: Play radio is disabled. */
export const Empty: Story = {
  parameters: { msw: [radio(0)] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Nothing to play for this radio yet.')).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/radio/:type/:id', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/radio/:type/:id', () =>
        HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    ],
  },
};

import { storyBackstageOverview } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { BackstageHomePage } from './backstage-home-page';

/** `GET api/v1/backstage/overview`, a contract-parsed fixture built per request. */
const overview = (options: Parameters<typeof storyBackstageOverview>[0] = {}) =>
  http.get('*/api/v1/backstage/overview', () => HttpResponse.json(storyBackstageOverview(options)));

/**
 * `/backstage`: an artist's music (upload minutes, artists, albums, tracks with edit and insights
 * links), their requests, and the request types.
 */
const meta = {
  title: 'BackstageHomePage',
  component: BackstageHomePage,
  decorators: [withRouter],
  parameters: { msw: [overview()] },
} satisfies Meta<typeof BackstageHomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Artist: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('Your music, your listeners.')).toBeTruthy();
    expect(canvas.getByTestId('upload-minutes').textContent).toContain('142 of 180 minutes used, 38 left');
  },
};

/** A plan without an upload limit shows only what is used. */
export const UnlimitedMinutes: Story = {
  parameters: { msw: [overview({ limitMinutes: null })] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByTestId('upload-minutes')).textContent).toContain('(no limit)');
  },
};

/** A listener who asked to become an artist: the pending request and the request types. */
export const Listener: Story = {
  parameters: { msw: [overview({ isArtist: false })] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('heading', { name: 'Your requests' })).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/backstage/overview', () => delay('infinite'))] },
};

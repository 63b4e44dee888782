import { storyBackstageOverview } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { UploadPage } from './upload-page';

const overview = (limitMinutes: number | null = 180) =>
  http.get('*/api/v1/backstage/overview', () => HttpResponse.json(storyBackstageOverview({ limitMinutes })));

/** `/backstage/upload`: the minutes left, the artists to publish under and the shared upload flow. */
const meta = {
  title: 'Backstage/UploadPage',
  component: UploadPage,
  decorators: [withRouter],
  parameters: { route: '/upload', msw: [overview()] },
} satisfies Meta<typeof UploadPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const minutes = await within(canvasElement).findByTestId('upload-minutes');
    expect(minutes.textContent).toContain('142 of 180 minutes used, 38 left');
  },
};

/** No minutes left on the plan. */
export const NoMinutesLeft: Story = { parameters: { msw: [overview(142)] } };

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/backstage/overview', () => delay('infinite'))] },
};

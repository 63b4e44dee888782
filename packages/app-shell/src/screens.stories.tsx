import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BootErrorScreen } from './boot-error-screen';
import { RouteSpinnerView, TopProgressBarView } from './loading-indicators';
import { OfflinePage } from './offline-page';
import { SuspendedScreen } from './suspended-screen';
import { withRouter } from './test/story-helpers';

/** The whole-page states every app shares: offline, boot error, suspended account, loading. */
const meta = { title: 'Screens', component: OfflinePage } satisfies Meta<typeof OfflinePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 1 / 2.3: written in French, plus "You are offline.". */
export const Offline: Story = {};

/** The bootstrap data could not load: no theme, settings or translations exist yet. */
export const BootError: Story = { render: () => <BootErrorScreen /> };

/** Spec 2.2 gate screen: Logout at the top, the logo, then the message. */
export const Suspended: Story = { render: () => <SuspendedScreen />, decorators: [withRouter] };

/** The page-top progress bar appears after 50 ms of navigation. */
export const NavigationProgress: Story = {
  render: () => <TopProgressBarView isLoading />,
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByTestId('top-progress-bar')).toBeTruthy();
  },
};

/** The route spinner appears only after 500 ms of loading, so fast pages never flash it. */
export const SlowRouteSpinner: Story = {
  render: () => <RouteSpinnerView isLoading />,
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).queryByTestId('route-spinner')).toBeNull();
    expect(await within(canvasElement).findByTestId('route-spinner')).toBeTruthy();
  },
};

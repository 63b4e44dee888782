import { withBootstrap, withSettings } from '@cadence/app-shell/test/story-helpers';
import { AD_FRAME_MESSAGE_SOURCE } from '@cadence/contracts/ads-constants';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { AdSlot } from './ad-slot';

const BANNER = '<div>Night Drive: the new album, out now</div>';

const adsOn = withSettings({ ads: { disable: false, hide_for_subscribers: true, general_top: BANNER } });

/** Spec 2.12: one of the five ad slots, its code in a sandboxed frame sized to its content. */
const meta = {
  title: 'Ads/AdSlot',
  component: AdSlot,
  args: { slot: 'general_top' },
  beforeEach: [adsOn],
} satisfies Meta<typeof AdSlot>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The slot's code runs in a sandboxed frame of its own origin, which the catalogue cannot serve
 * (msw leaves page loads alone): the story checks the frame's sandbox and that it takes the
 * height the frame reports (a report from another window is ignored).
 */
export const Configured: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('complementary', { name: 'Advertisement' })).toBeTruthy();
    // The frame's code loads with the first configured slot.
    const iframe = (await canvas.findByTitle('Advertisement')) as HTMLIFrameElement;
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-popups-to-escape-sandbox');
    const report = (source: MessageEventSource | null, height: number) =>
      window.dispatchEvent(
        new MessageEvent('message', { source, data: { source: AD_FRAME_MESSAGE_SOURCE, height } }),
      );
    report(window, 400);
    report(iframe.contentWindow, 90);
    await waitFor(() => expect(iframe.getBoundingClientRect().height).toBe(90));
  },
};

/** A slot without code renders nothing. */
export const EmptySlot: Story = {
  args: { slot: 'artist_bottom' },
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).queryByRole('complementary')).toBeNull();
  },
};

/** Subscribers see no ads when `ads.hide_for_subscribers` is on. */
export const Subscriber: Story = {
  beforeEach: [
    adsOn,
    withBootstrap((data) => ({
      ...data,
      user: data.user && { ...data.user, subscriptions: [{ valid: true, active: true }] },
    })),
  ],
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).queryByRole('complementary')).toBeNull();
  },
};

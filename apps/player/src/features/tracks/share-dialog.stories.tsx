import { LONG_NAME, storyTrack } from '@cadence/app-shell/test/story-fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { trackEmbedUrl, trackUrl } from '../catalogue/urls';
import { ShareDialog } from './share-dialog';

type TArgs = { name?: string; withEmbed: boolean; onClose: () => void };

/** A track's share dialog, built from the contract's track as the track menu does. */
function Share({ name, withEmbed, onClose }: TArgs) {
  const track = storyTrack(1, name ? { name } : { name: 'Night Drive' });
  return (
    <ShareDialog
      title={track.name}
      path={trackUrl(track)}
      embedPath={withEmbed ? trackEmbedUrl(track) : undefined}
      onClose={onClose}
    />
  );
}

/** Link and embed code for a track or album (track menu, page actions); Escape closes it. */
const meta = {
  title: 'ShareDialog',
  component: Share,
  args: { withEmbed: true, onClose: fn() },
} satisfies Meta<typeof Share>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TrackWithEmbed: Story = {
  play: async ({ args }) => {
    const dialog = within(document.body).getByRole('dialog', { name: 'Share' });
    // The label wraps the field and its Copy button, so the field is named "Link Copy".
    expect(within(dialog).getByRole('textbox', { name: /^Link/ })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: /^Embed code/ })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(args.onClose).toHaveBeenCalled();
  },
};

export const LinkOnly: Story = { args: { withEmbed: false } };

export const LongTitle: Story = { args: { name: LONG_NAME } };

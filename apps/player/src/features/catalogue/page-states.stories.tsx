import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { HttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import type { Meta, StoryObj } from '@storybook/react-vite';
import ListMusicIcon from 'lucide-react/icons/list-music';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EmptyState, ErrorState, PageSkeleton } from './page-states';

/** What a catalogue page shows while it loads, when it has nothing, and when it failed. */
const meta = {
  title: 'PageStates',
  component: PageSkeleton,
  decorators: [withRouter],
} satisfies Meta<typeof PageSkeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoadingHeader: Story = { args: { variant: 'header' } };
export const LoadingGrid: Story = { args: { variant: 'grid' } };
export const LoadingList: Story = { args: { variant: 'list' } };

export const Empty: Story = {
  render: () => (
    <EmptyState
      icon={<ListMusicIcon aria-hidden />}
      title="This playlist is empty"
      description="Add songs from any track's menu or drag them onto the playlist."
      action={<Button variant="outline">Discover music</Button>}
    />
  ),
};

const retry = fn();

/** A failed request offers a retry. */
export const LoadError: Story = {
  render: () => <ErrorState error={new Error('Network down')} onRetry={retry} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  },
};

/** A 404 answer reads as the not-found page. */
export const NotFound: Story = {
  render: () => <ErrorState error={new HttpError({ status: 404, message: 'Not found' })} />,
};

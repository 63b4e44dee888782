import { LONG_NAME } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { type TChannelLeafItem, ZChannelLeafItemSchema } from '@cadence/contracts/channel';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ChannelItemCard } from './channel-item-card';

const artists = [{ id: 101, name: 'The Midnight Hours' }];

// One item of each kind a channel lists, as `GET api/v1/channel/{slug}` returns them.
const ITEMS = fixture(ZChannelLeafItemSchema.array(), [
  {
    model_type: 'track',
    id: 12,
    name: 'Nightfall',
    image: null,
    duration: 214_000,
    plays: 1200,
    album: { id: 7, name: 'Night Drive' },
    artists,
  },
  {
    model_type: 'album',
    id: 7,
    name: 'Night Drive',
    image: null,
    release_date: '2026-09-01',
    plays: 5400,
    artists,
  },
  {
    model_type: 'artist',
    id: 101,
    name: 'The Midnight Hours',
    image_small: null,
    verified: true,
    plays: 9000,
  },
  { model_type: 'playlist', id: 3, name: 'After midnight', image: null, owner: { id: 7, name: 'Ada' } },
  { model_type: 'genre', id: 4, name: 'synthwave', display_name: 'Synthwave', image: null },
  { model_type: 'user', id: 7, name: 'Ada Lovelace', image: null },
]) as TChannelLeafItem[];

/** A channel's card for each kind of item (home, discover and channel pages). */
const meta = {
  title: 'ChannelItemCard',
  component: ChannelItemCard,
  decorators: [withRouter],
  args: { item: ITEMS[0] as TChannelLeafItem },
} satisfies Meta<typeof ChannelItemCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind side by side: tracks, albums and playlists play from the card; artists and users are round. */
export const AllKinds: Story = {
  render: () => (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
      {ITEMS.map((item) => (
        <ChannelItemCard key={`${item.model_type}-${item.id}`} item={item} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getAllByRole('link').length).toBeGreaterThanOrEqual(ITEMS.length);
    expect(canvas.getByText('Synthwave')).toBeTruthy();
  },
};

export const Track: Story = {};

export const LongName: Story = {
  args: {
    item: fixture(ZChannelLeafItemSchema, {
      model_type: 'album',
      id: 8,
      name: LONG_NAME,
      image: null,
      release_date: null,
      plays: 0,
      artists: [
        { id: 102, name: 'A Collective With A Remarkably Long Name Featuring Several Guest Vocalists' },
      ],
    }),
  },
  decorators: [(Story) => <div className="w-48">{Story()}</div>],
};

export const Light: Story = { ...AllKinds, globals: { theme: 'light' } };

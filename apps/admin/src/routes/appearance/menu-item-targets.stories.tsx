import { ZChannelSchema } from '@cadence/contracts/channel';
import { ZCustomPageSchema } from '@cadence/contracts/custom-page';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { storyChannel } from '../../test/admin-channel-fixtures';
import { storyCustomPage } from '../../test/admin-content-fixtures';
import { failingHandler, listHandler } from '../../test/admin-story-fixtures';
import { MenuItemTargetField } from './menu-item-targets';

function Field({ type }: { type: 'channel' | 'custom_page' }) {
  const [action, setAction] = useState('');
  return (
    <div className="max-w-sm">
      <MenuItemTargetField type={type} action={action} onChange={(target) => setAction(target.path)} />
      <p data-testid="action">{action || 'none'}</p>
    </div>
  );
}

/** A menu item's channel or custom page (`GET api/v1/channels`, `GET api/v1/custom-pages`). */
const meta = {
  title: 'Appearance/MenuItemTargetField',
  component: Field,
  args: { type: 'custom_page' },
  parameters: {
    msw: [
      listHandler('custom-pages', ZCustomPageSchema, () => [1, 2, 3].map((id) => storyCustomPage(id))),
      listHandler('channels', ZChannelSchema, () => [1, 2].map((id) => storyChannel(id))),
    ],
  },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Choosing a page sets the item's address to it. */
export const CustomPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole('combobox', { name: 'Page' });
    await canvas.findByRole('option', { name: 'Privacy policy' });
    await userEvent.selectOptions(select, 'Privacy policy');
    expect(canvas.getByTestId('action').textContent).not.toBe('none');
  },
};

export const Channel: Story = {
  args: { type: 'channel' },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('option', { name: 'Popular albums' })).toBeTruthy();
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('custom-pages')] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Could not load the choices.')).toBeTruthy();
  },
};

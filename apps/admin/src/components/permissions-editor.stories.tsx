import { fixture } from '@cadence/app-shell/test/story-helpers';
import { type TGrantPayload, ZGrantsPayloadSchema } from '@cadence/contracts/admin-users';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { PermissionsEditor } from './permissions-editor';

type TArgs = { grants: 'none' | 'listener'; errors?: Record<string, string> };

/** Grants as `PUT api/v1/users/{id}/permissions` and the plan editor send them, contract-checked. */
function Editor({ grants, errors }: TArgs) {
  const [value, setValue] = useState<TGrantPayload[]>(() =>
    fixture(
      ZGrantsPayloadSchema,
      grants === 'none'
        ? []
        : [
            { name: 'music.view', restrictions: [] },
            { name: 'playlists.create', restrictions: [{ name: 'count', value: 3 }] },
          ],
    ),
  );
  return (
    <PermissionsEditor
      label="Permissions"
      value={value}
      onChange={setValue}
      errorFor={(path) => errors?.[path]}
    />
  );
}

/**
 * The admin's permission editor (a user's Permissions tab, a plan's permissions): the catalogue
 * grouped by area, a checkbox per permission, its quotas once granted.
 */
const meta = {
  title: 'PermissionsEditor',
  component: Editor,
  decorators: [(Story) => <div className="max-w-3xl">{<Story />}</div>],
  args: { grants: 'listener' },
} satisfies Meta<typeof Editor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A granted permission with a quota shows its restriction field. */
export const WithQuota: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const quota = canvas.getByRole('spinbutton', { name: 'count' }) as HTMLInputElement;
    expect(quota.value).toBe('3');
  },
};

/** Nothing granted; ticking a permission grants it. */
export const NoneGranted: Story = {
  args: { grants: 'none' },
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector<HTMLInputElement>('[data-permission="playlists.create"]');
    if (!box) throw new Error('playlists.create is not offered');
    await userEvent.click(box);
    expect(box.checked).toBe(true);
    expect(within(canvasElement).getByRole('spinbutton', { name: 'count' })).toBeTruthy();
  },
};

/** The server's validation message under the quota it is about. */
export const ServerError: Story = {
  args: { errors: { 'permissions.1.restrictions.0.value': 'The count must be at least 0.' } },
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByText('The count must be at least 0.')).toBeTruthy();
  },
};

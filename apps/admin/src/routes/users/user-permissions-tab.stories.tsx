import { ZAdminUpdateUserPayloadSchema } from '@cadence/contracts/admin-users';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { expectToast, withRoutes } from '../../test/admin-story-fixtures';
import { adminUserHandler } from '../../test/admin-users-fixtures';
import { UserPage } from './user-page';
import { UserPermissionsTab } from './user-permissions-tab';

let sent: unknown;
/** `PUT api/v1/users/7` with the direct grants, parsed with the contract. */
const saved = http.post('*/api/v1/users/7', async ({ request }) => {
  sent = ZAdminUpdateUserPayloadSchema.parse(await request.json());
  return HttpResponse.json({ message: 'Saved' });
});

/** The user page's Permissions tab: grants on top of the user's roles, with their quotas. */
const meta = {
  title: 'Users/UserPermissionsTab',
  component: UserPermissionsTab,
  decorators: [withRoutes],
  parameters: {
    path: '/users/:userId',
    childPath: 'permissions',
    parent: UserPage,
    route: '/users/7/permissions',
    msw: [adminUserHandler(), saved],
  },
} satisfies Meta<typeof UserPermissionsTab>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A granted permission with its quota; ticking another and saving sends both. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText(/Listener/)).toBeTruthy();
    const quota = canvas.getByRole('spinbutton', { name: 'count' }) as HTMLInputElement;
    expect(quota.value).toBe('5');
    const box = canvasElement.querySelector<HTMLInputElement>('[data-permission="music.view"]');
    await userEvent.click(box!);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectToast('Permissions saved');
    expect(JSON.stringify(sent)).toContain('music.view');
  },
};

/** No direct grants. */
export const NoneGranted: Story = {
  parameters: { msw: [adminUserHandler({ direct_permissions: [], roles: [] }), saved] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText(/none/)).toBeTruthy();
  },
};

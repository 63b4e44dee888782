import { storyValueLists } from '@cadence/app-shell/test/story-fixtures';
import { ZAdminUpdateUserPayloadSchema } from '@cadence/contracts/admin-users';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { expectToast, findSpinner, pendingHandler, withRoutes } from '../../test/admin-story-fixtures';
import { adminUserHandler } from '../../test/admin-users-fixtures';
import { UserDateTab } from './user-date-tab';
import { UserPage } from './user-page';

const lists = http.get('*/api/v1/value-lists/timezones,countries,localizations', () =>
  HttpResponse.json(storyValueLists()),
);
const saved = http.post('*/api/v1/users/7', async ({ request }) => {
  ZAdminUpdateUserPayloadSchema.parse(await request.json());
  return HttpResponse.json({ message: 'Saved' });
});

/** The user page's Date tab: language, country and timezone (`GET api/v1/value-lists/...`). */
const meta = {
  title: 'Users/UserDateTab',
  component: UserDateTab,
  decorators: [withRoutes],
  parameters: {
    path: '/users/:userId',
    childPath: 'date',
    parent: UserPage,
    route: '/users/7/date',
    msw: [adminUserHandler(), lists, saved],
  },
} satisfies Meta<typeof UserDateTab>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByLabelText('Timezone')).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectToast('User updated');
  },
};

export const Loading: Story = {
  parameters: { msw: [adminUserHandler(), pendingHandler('value-lists/timezones,countries,localizations')] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: 'Ada Lovelace' });
    await findSpinner(canvasElement);
  },
};

import { ZPermissionSchema } from '@cadence/contracts/user';
import {
  type TWorkspace,
  ZWorkspaceListResponseSchema,
  ZWorkspaceSchema,
} from '@cadence/contracts/workspace';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { getBootstrapData, setBootstrapData } from '../bootstrap-store';
import { fixture, withRouter } from '../test/story-helpers';
import { WorkspacesPage } from './workspaces-page';

const WORKSPACES: TWorkspace[] = [
  {
    id: 3,
    name: 'Label A',
    members_count: 4,
    owner_id: 7,
    role: 'owner',
    created_at: '2026-09-01T10:00:00.000Z',
  },
  {
    id: 4,
    name: 'The Midnight Hours Collective and Friends (Touring Crew, Management and Street Team)',
    members_count: 12,
    owner_id: 9,
    role: 'member',
    created_at: '2026-09-02T10:00:00.000Z',
  },
];

/** `GET api/v1/me/workspaces`, and `POST workspace` answering the created one. */
const workspacesApi = (workspaces: TWorkspace[]) => [
  http.get('*/api/v1/me/workspaces', () =>
    HttpResponse.json(fixture(ZWorkspaceListResponseSchema, { workspaces })),
  ),
  http.post('*/api/v1/workspace', async ({ request }) => {
    const { name } = (await request.json()) as { name: string };
    return HttpResponse.json({
      workspace: fixture(ZWorkspaceSchema, {
        id: 5,
        name,
        members_count: 1,
        owner_id: 7,
        role: 'owner',
        created_at: '2026-10-01T10:00:00.000Z',
      }),
    });
  }),
];

/** The signed-in user may create workspaces (the form shows for `workspaces.create`). */
function canCreate() {
  const before = getBootstrapData();
  const user = before.user;
  if (user) {
    const permission = ZPermissionSchema.parse({ name: 'workspaces.create' });
    setBootstrapData({ ...before, user: { ...user, permissions: [...user.permissions, permission] } });
  }
  return () => setBootstrapData(before);
}

/** Spec 4 `/workspaces`: the user's workspaces with a switch to each, and the form to create one. */
const meta = {
  title: 'Workspaces/WorkspacesPage',
  component: WorkspacesPage,
  decorators: [withRouter],
  parameters: { route: '/workspaces', msw: workspacesApi(WORKSPACES) },
} satisfies Meta<typeof WorkspacesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  beforeEach: canCreate,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('Label A')).toBeTruthy();
    expect(canvas.getByRole('button', { name: 'Switch to Label A' })).toBeTruthy();
  },
};

/** Only the personal (default) workspace. */
export const OnlyDefault: Story = { beforeEach: canCreate, parameters: { msw: workspacesApi([]) } };

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/me/workspaces', () => delay('infinite'))] },
};

/** Without `workspaces.create` the form is not there. */
export const CannotCreate: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Label A');
    expect(within(canvasElement).queryByRole('heading', { name: 'Create workspace' })).toBeNull();
  },
};

/** The name is required: the field says so before anything is sent. */
export const NameRequired: Story = {
  beforeEach: canCreate,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create workspace' }));
    const field = canvas.getByRole('textbox', { name: /^Workspace name/ });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  },
};

export const Mobile: Story = { beforeEach: canCreate, globals: { viewport: { value: 'mobile' } } };

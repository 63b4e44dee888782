import { type TWorkspaceDetails, ZWorkspaceDetailsResponseSchema } from '@cadence/contracts/workspace';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fixture, withRouter } from '../test/story-helpers';
import { WorkspacePage } from './workspace-page';

const STAMP = '2026-09-01T10:00:00.000Z';

/** `GET api/v1/workspace/3`: the workspace with its members and pending invitations. */
const details = (overrides: Partial<TWorkspaceDetails> = {}) =>
  fixture(ZWorkspaceDetailsResponseSchema, {
    workspace: {
      id: 3,
      name: 'Label A',
      members_count: 3,
      owner_id: 7,
      role: 'owner',
      created_at: STAMP,
      members: [
        {
          id: 7,
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          image: null,
          role: 'owner',
          joined_at: STAMP,
        },
        {
          id: 8,
          name: 'Grace Hopper',
          email: 'grace@example.com',
          image: null,
          role: 'admin',
          joined_at: STAMP,
        },
        {
          id: 9,
          name: 'Maximiliane Theodora Wilhelmina von Hohenzollern-Sigmaringen',
          email: 'maximiliane.theodora.wilhelmina@an-unusually-long-domain-name.example.com',
          image: null,
          role: 'member',
          joined_at: STAMP,
        },
      ],
      invites: [
        {
          id: 'b5a7c3e2-0000-4000-8000-000000000001',
          email: 'alan@example.com',
          role: 'member',
          created_at: STAMP,
          expires_at: '2026-09-04T10:00:00.000Z',
        },
      ],
      ...overrides,
    },
  });

const api = (overrides: Partial<TWorkspaceDetails> = {}) => [
  http.get('*/api/v1/workspace/:id', () => HttpResponse.json(details(overrides))),
  http.post('*/api/v1/workspace/:id/invite', async ({ request }) => {
    const { emails } = (await request.json()) as { emails: string[] };
    if (emails.some((email) => !email.includes('@')))
      return HttpResponse.json(
        {
          message: 'The given data was invalid.',
          errors: { 'emails.0': ['Each email must be a valid email address.'] },
        },
        { status: 422 },
      );
    return HttpResponse.json({ invites: [] });
  }),
];

/** `/workspaces/{id}`: rename, invite by email, members and their roles, pending invitations, delete. */
const meta = {
  title: 'Workspaces/WorkspacePage',
  component: WorkspacePage,
  decorators: [withRouter],
  parameters: { route: '/workspaces/3', routePath: '/workspaces/:workspaceId', msw: api() },
} satisfies Meta<typeof WorkspacePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The owner sees every form, the members with editable roles and the danger zone. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { level: 1, name: 'Label A' })).toBeTruthy();
    expect(canvas.getByRole('button', { name: 'Delete workspace' })).toBeTruthy();
    expect(canvas.getByRole('button', { name: 'Cancel the invitation of alan@example.com' })).toBeTruthy();
  },
};

/** A plain member: no forms, only the list and Leave. */
export const Member: Story = {
  parameters: { msw: api({ role: 'member', owner_id: 8 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Label A' });
    expect(canvas.queryByRole('button', { name: 'Delete workspace' })).toBeNull();
  },
};

/** A name that wraps. */
export const LongName: Story = {
  parameters: {
    msw: api({
      name: 'The Midnight Hours Collective and Friends (Touring Crew, Management and Street Team)',
    }),
  },
};

/** An address the server refuses: its message under the field. */
export const InviteRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Email addresses/ }), 'not-an-address');
    await userEvent.click(canvas.getByRole('button', { name: 'Invite' }));
    expect(await canvas.findByText('Each email must be a valid email address.')).toBeTruthy();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Invite' })).toBeEnabled());
  },
};

/** Delete asks first; the confirmation dialog takes the focus. */
export const ConfirmDelete: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Delete workspace' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/workspace/:id', () => delay('infinite'))] },
};

/** Not a member (or gone): the 404 page. */
export const NotFound: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/workspace/:id', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    ],
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByTestId('not-found-page')).toBeTruthy();
  },
};

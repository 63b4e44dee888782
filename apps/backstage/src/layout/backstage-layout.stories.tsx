import { storyBackstageOverview } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZWorkspaceListResponseSchema } from '@cadence/contracts/workspace';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { expect, userEvent, within } from 'storybook/test';
import { BackstageLayout } from './backstage-layout';

/** The layout around a page: the header (logo, workspace switcher, bell, account menu) and the page below. */
function LayoutWithPage() {
  return (
    <Routes>
      <Route element={<BackstageLayout />}>
        <Route
          path="*"
          element={
            <section>
              <h1 className="text-2xl font-semibold">Your music, your listeners.</h1>
              <p className="text-muted">The page of the route renders here.</p>
            </section>
          }
        />
      </Route>
    </Routes>
  );
}

const api = [
  http.get('*/api/v1/backstage/overview', () => HttpResponse.json(storyBackstageOverview())),
  http.get('*/api/v1/me/workspaces', () =>
    HttpResponse.json(
      fixture(ZWorkspaceListResponseSchema, {
        workspaces: [
          {
            id: 3,
            name: 'Label A',
            members_count: 4,
            owner_id: 7,
            role: 'owner',
            created_at: '2026-09-01T10:00:00.000Z',
          },
        ],
      }),
    ),
  ),
];

/**
 * The backstage app's frame (`/backstage`): its navigation (home, upload, the artist's music,
 * insights, requests) as a sidebar from 1024 px and in a drawer behind the menu button below.
 */
const meta = {
  title: 'Backstage/BackstageLayout',
  component: LayoutWithPage,
  decorators: [withRouter],
  parameters: { msw: api, basename: '/backstage' },
} satisfies Meta<typeof LayoutWithPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Backstage' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(await within(nav).findByRole('link', { name: 'Insights' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Artist profile' })).toBeTruthy();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };

/** The account menu opens by keyboard and takes the focus. */
export const AccountMenuByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const buttons = canvas.getAllByRole('button');
    const account = buttons[buttons.length - 1] as HTMLElement;
    account.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu');
    expect(menu.contains(document.activeElement)).toBe(true);
  },
};

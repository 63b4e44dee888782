import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { gdprSections, playerSections } from '@cadence/contracts/settings/form-sections-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storySettings } from '../../test/admin-settings-fixtures';
import { ArtistTabsEditor, CookieButtonEditor, PoliciesEditor } from './settings-editors';
import { SettingsTabForm } from './settings-tab-form';

const saved = http.post('*/api/v1/settings', () =>
  HttpResponse.json({ message: 'Settings saved.', changed: [] }),
);

/** The GDPR tab's editors: the cookie notice's link and the registration policies (a list of links). */
function Gdpr() {
  return (
    <SettingsTabForm
      data={storySettings()}
      sections={gdprSections}
      editors={{ 'cookie_notice.button': CookieButtonEditor, 'registration.policies': PoliciesEditor }}
    />
  );
}

/** The settings' list editors inside their tab's form (GDPR: cookie button, policies; Player: artist tabs). */
const meta = {
  title: 'Settings/SettingsEditors',
  component: Gdpr,
  decorators: [withRouter],
  parameters: { msw: [saved] },
} satisfies Meta<typeof Gdpr>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Add and remove a policy. */
export const Policies: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add policy' }));
    expect(canvas.getByRole('textbox', { name: 'Policy 2 label' })).toBeTruthy();
    const [remove] = canvas.getAllByRole('button', { name: 'Remove policy' });
    await userEvent.click(remove!);
    await waitFor(() => expect(canvas.queryByRole('textbox', { name: 'Policy 2 label' })).toBeNull());
  },
};

/** The artist page's tabs: Up/Down reorder them. */
export const ArtistTabs: Story = {
  render: () => (
    <SettingsTabForm
      data={storySettings()}
      sections={playerSections}
      editors={{ 'artist_page.tabs': ArtistTabsEditor }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Move Discography down' }));
    expect(canvas.getByRole('button', { name: 'Move Discography up' })).toBeTruthy();
  },
};

import { signedOut, withRouter } from '@cadence/app-shell/test/story-helpers';
import { applyPseudoStates } from '@cadence/ui/test/pseudo-states';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ReportButton } from './report-button';

/** "Report" on a track, album, playlist, comment or user: signed-in listeners only; opens the report dialog. */
const meta = {
  title: 'Reports/ReportButton',
  component: ReportButton,
  decorators: [withRouter],
  args: { target: { type: 'track', id: 12, name: 'Nightfall' } },
} satisfies Meta<typeof ReportButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Small: Story = { args: { size: 'xs' } };

export const HoverAndFocus: Story = {
  parameters: { pseudo: { rootSelector: 'body', hover: ['button'], focusVisible: ['button'] } },
  play: applyPseudoStates,
};

/** Pressing it opens the report dialog (loaded on first use), which takes the focus. */
export const OpensDialog: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Report' }));
    const dialog = await within(document.body).findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};

/** Guests see no button. */
export const Guest: Story = {
  beforeEach: [signedOut],
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).queryByRole('button', { name: 'Report' })).toBeNull();
  },
};

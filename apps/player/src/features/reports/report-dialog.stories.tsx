import { ZReportCreateSchema } from '@cadence/contracts/report';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ReportDialog } from './report-dialog';

/** `POST api/v1/reports`: the request body must parse with the contract (a drifted body fails). */
const accepted = http.post('*/api/v1/reports', async ({ request }) => {
  ZReportCreateSchema.parse(await request.json());
  return HttpResponse.json({}, { status: 201 });
});

/** Report a track, album, playlist, user or comment (menus and page actions of signed-in listeners). */
const meta = {
  title: 'ReportDialog',
  component: ReportDialog,
  args: { target: { type: 'track', id: 1, name: 'Night Drive' }, onClose: fn() },
  parameters: { msw: [accepted] },
} satisfies Meta<typeof ReportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('dialog');

/** Choosing a reason by keyboard, adding details, sending: the dialog closes. */
export const Sent: Story = {
  play: async ({ args }) => {
    const spam = within(dialog()).getAllByRole('radio')[0] as HTMLElement;
    spam.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect((within(dialog()).getAllByRole('radio')[1] as HTMLInputElement).checked).toBe(true);
    await userEvent.type(within(dialog()).getByRole('textbox', { name: 'Details' }), 'Slurs in the title.');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

/** The api refuses: its message shows in an alert and the dialog stays open. */
export const ServerError: Story = {
  parameters: {
    msw: [
      http.post('*/api/v1/reports', () =>
        HttpResponse.json({ message: 'You already reported this.' }, { status: 422 }),
      ),
    ],
  },
  play: async () => {
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog()).findByRole('alert')).toBeTruthy();
  },
};

export const LongName: Story = {
  args: {
    target: {
      type: 'album',
      id: 2,
      name: 'An Extraordinarily Long Album Title That Keeps Going (Deluxe Anniversary Edition, Remastered)',
    },
  },
};

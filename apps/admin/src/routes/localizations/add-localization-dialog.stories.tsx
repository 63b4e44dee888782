import { fixture } from '@cadence/app-shell/test/story-helpers';
import {
  ZCreateLocalizationPayloadSchema,
  ZLocalizationResponseSchema,
} from '@cadence/contracts/localizations';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { storyLocalization } from '../../test/admin-content-fixtures';
import { AddLocalizationDialog } from './add-localization-dialog';

/** `POST api/v1/localizations`: the body must parse with the contract. */
const created = http.post('*/api/v1/localizations', async ({ request }) => {
  const body = ZCreateLocalizationPayloadSchema.parse(await request.json());
  return HttpResponse.json(
    fixture(ZLocalizationResponseSchema, { localization: storyLocalization(9, body) }),
  );
});

/** /admin/localizations' "Add language": a name and a language code. */
const meta = {
  title: 'Localizations/AddLocalizationDialog',
  component: AddLocalizationDialog,
  args: { close: fn() },
  parameters: { msw: [created] },
} satisfies Meta<typeof AddLocalizationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('dialog');

/** Opens with focus inside the dialog; a name and code add the language and close it with its id. */
export const Added: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Name/ }), 'Italiano');
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Language code/ }), 'it');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(args.close).toHaveBeenCalledWith(9));
  },
};

/** A code that is not a language code: the field's message, nothing sent. */
export const InvalidCode: Story = {
  play: async ({ args }) => {
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Name/ }), 'Klingon');
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Language code/ }), 'Klingon!');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add' }));
    expect(await within(dialog()).findByText('Use a language code such as fr or pt-BR.')).toBeTruthy();
    expect(args.close).not.toHaveBeenCalled();
  },
};

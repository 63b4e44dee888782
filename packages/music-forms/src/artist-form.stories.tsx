import { storyArtist } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZArtistResponseSchema, ZArtistUpdateSchema } from '@cadence/contracts/artist';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ArtistForm } from './artist-form';

/** `PUT api/v1/artists/{id}` (POST with X-HTTP-Method-Override) and `POST artists`: contract-checked. */
const save = http.post('*/api/v1/artists/:id?', async ({ params, request }) => {
  const body = ZArtistUpdateSchema.parse(await request.json());
  return HttpResponse.json(
    fixture(ZArtistResponseSchema, { artist: storyArtist(Number(params.id ?? 300), { name: body.name }) }),
  );
});

/** The artist profile editor (backstage "Artist profile", the admin's artist pages). */
const meta = {
  title: 'ArtistForm',
  component: ArtistForm,
  decorators: [withRouter, (Story) => <div className="max-w-2xl">{Story()}</div>],
  args: { onSaved: fn() },
  parameters: { msw: [save] },
} satisfies Meta<typeof ArtistForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const New: Story = {};

/** An existing artist: renaming and saving reports the saved artist. */
export const Edit: Story = {
  args: { artist: storyArtist(101, { name: 'The Midnight Hours', description: 'Synthwave from Lisbon.' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'The Midnight Hours Orchestra');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
  },
};

/** The name is required: the field is marked and nothing is sent. */
export const ValidationMessages: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(args.onSaved).not.toHaveBeenCalled();
  },
};

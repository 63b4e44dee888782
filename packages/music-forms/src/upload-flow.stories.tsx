import { fixture } from '@cadence/app-shell/test/story-helpers';
import {
  ZPublishResponseSchema,
  ZPublishSchema,
  ZTrackDraftRequestSchema,
  ZTrackDraftResponseSchema,
} from '@cadence/contracts/backstage';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZFileEntryResponseSchema } from '@cadence/contracts/file-entry';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { UploadFlow } from './upload-flow';

const STAMP = '2026-10-01T12:00:00.000Z';
/** The file names of the story's uploads, by the file entry the api gave each. */
const names = new Map<number, string>();
let nextId = 500;

/** `POST api/v1/file-entries` (small files: one form post): a contract-parsed file entry. */
const fileEntries = http.post('*/api/v1/file-entries', async ({ request }) => {
  const file = (await request.formData()).get('file');
  const name = file instanceof File ? file.name : 'upload.mp3';
  const id = nextId++;
  names.set(id, name);
  return HttpResponse.json(
    fixture(ZFileEntryResponseSchema, {
      fileEntry: {
        id,
        name,
        file_name: `${id}.mp3`,
        file_size: file instanceof File ? file.size : 0,
        mime: 'audio/mpeg',
        extension: 'mp3',
        client_name: name,
        client_mime: 'audio/mpeg',
        client_extension: 'mp3',
        path: `uploads/${id}.mp3`,
        disk: 'uploads',
        driver: 'local',
        parent_id: null,
        owner_id: 7,
        url: `api/v1/file-entries/${id}`,
        created_at: STAMP,
        updated_at: STAMP,
        deleted_at: null,
      },
    }),
  );
});

/** `POST api/v1/backstage/drafts`: the tags the server read from the file. */
const drafts = http.post('*/api/v1/backstage/drafts', async ({ request }) => {
  const { file_entry_id: id } = ZTrackDraftRequestSchema.parse(await request.json());
  const fileName = names.get(id) ?? 'upload.mp3';
  const number = Number(/^(\d+)/.exec(fileName)?.[1] ?? 0) || null;
  return HttpResponse.json(
    fixture(ZTrackDraftResponseSchema, {
      draft: {
        file_entry_id: id,
        file_name: fileName,
        name: fileName.replace(/^\d+\s*-\s*/, '').replace(/\.mp3$/, ''),
        artists: ['The Midnight Hours'],
        album: 'Night Drive',
        number,
        genres: ['synthwave'],
        year: 2026,
        duration: 214_000,
        image: null,
        lyrics: null,
      },
    }),
  );
});

/** `POST api/v1/backstage/publish`: the body must parse with the contract (a drifted form fails). */
const publish = http.post('*/api/v1/backstage/publish', async ({ request }) => {
  const body = ZPublishSchema.parse(await request.json());
  return HttpResponse.json(
    fixture(ZPublishResponseSchema, {
      album_id: body.mode === 'album' ? 7 : null,
      track_ids: body.tracks.map((_, index) => 40 + index),
    }),
  );
});

/**
 * Spec 2.10's upload flow (/backstage/upload and /admin/upload): audio files upload one by one
 * with progress, the server reads each file's tags into a draft, and the drafts are reviewed and
 * published as one album or as singles.
 */
const meta = {
  title: 'UploadFlow',
  component: UploadFlow,
  args: {
    artistIds: [101],
    renderPublishedLinks: (result) => (
      <li>
        <a href={`/album/${result.album_id}`} className="text-primary underline">
          Open the album
        </a>
      </li>
    ),
  },
  parameters: { msw: [fileEntries, drafts, publish] },
  decorators: [(Story) => <div className="flex max-w-3xl flex-col gap-4">{Story()}</div>],
} satisfies Meta<typeof UploadFlow>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: the drop zone and its button. */
export const Empty: Story = {};

const audio = (name: string) => new File([new Uint8Array(2048)], name, { type: 'audio/mpeg' });

async function uploadTwo(canvasElement: HTMLElement) {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('The drop zone has no file input.');
  await userEvent.upload(input, [audio('02 - Nightfall.mp3'), audio('01 - Night Drive.mp3')]);
  const list = await within(canvasElement).findByRole('list', { name: 'Drafts' }, { timeout: 10_000 });
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2), { timeout: 10_000 });
  return list;
}

/** Two files upload, their drafts come back in track order with the album's name; publishing shows the links. */
export const UploadAndPublish: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await uploadTwo(canvasElement);
    const titles = within(list).getAllByRole('textbox', { name: /^Title/ }) as HTMLInputElement[];
    expect(titles.map((field) => field.value)).toEqual(['Night Drive', 'Nightfall']);
    expect((canvas.getByRole('textbox', { name: /^Album name/ }) as HTMLInputElement).value).toBe(
      'Night Drive',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Publish album' }));
    expect(await canvas.findByText('Your music is live.')).toBeTruthy();
  },
};

/** The api refuses the publish: its field message shows and the drafts stay for another try. */
export const PublishError: Story = {
  parameters: {
    msw: [
      fileEntries,
      drafts,
      http.post('*/api/v1/backstage/publish', () =>
        HttpResponse.json(
          fixture(ZErrorEnvelopeSchema, {
            message: 'The given data was invalid.',
            errors: { artist_ids: ['Choose at least one artist.'] },
          }),
          { status: 422 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await uploadTwo(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Publish album' }));
    expect(await canvas.findByText('Choose at least one artist.')).toBeTruthy();
    expect(canvas.getByRole('list', { name: 'Drafts' })).toBeTruthy();
  },
};

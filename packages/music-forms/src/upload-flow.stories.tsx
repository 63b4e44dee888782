import { fixture } from '@cadence/app-shell/test/story-helpers';
import {
  type TTrackDraft,
  ZPublishResponseSchema,
  ZPublishSchema,
  ZTrackDraftListResponseSchema,
  ZTrackDraftRequestSchema,
  ZTrackDraftResponseSchema,
  ZTrackDraftUpdateSchema,
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

/** The drafts the story's api keeps (issue 32: drafts are server state). */
const saved = new Map<number, TTrackDraft>();

function tagDraft(id: number, fileName: string): TTrackDraft {
  const number = Number(/^(\d+)/.exec(fileName)?.[1] ?? 0) || null;
  return {
    id: id + 1000,
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
    created_at: STAMP,
    updated_at: STAMP,
  };
}

/** `api/v1/backstage/drafts`: listed, created from the tags the server read, edited, deleted. */
const drafts = [
  http.get('*/api/v1/backstage/drafts', () =>
    HttpResponse.json(fixture(ZTrackDraftListResponseSchema, { drafts: [...saved.values()] })),
  ),
  http.post('*/api/v1/backstage/drafts', async ({ request }) => {
    const { file_entry_id: id } = ZTrackDraftRequestSchema.parse(await request.json());
    const draft = tagDraft(id, names.get(id) ?? 'upload.mp3');
    saved.set(draft.id, draft);
    return HttpResponse.json(fixture(ZTrackDraftResponseSchema, { draft }));
  }),
  // http-client sends PUT and DELETE as POST with X-HTTP-Method-Override.
  http.post('*/api/v1/backstage/drafts/:id', async ({ params, request }) => {
    const method = request.headers.get('x-http-method-override')?.toUpperCase();
    if (method === 'DELETE') {
      saved.delete(Number(params.id));
      return HttpResponse.json({ message: 'Draft deleted.' });
    }
    const draft = saved.get(Number(params.id));
    if (!draft) return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
    const patch = ZTrackDraftUpdateSchema.parse(await request.json());
    const next = { ...draft, ...patch } as TTrackDraft;
    saved.set(draft.id, next);
    return HttpResponse.json(fixture(ZTrackDraftResponseSchema, { draft: next }));
  }),
];

/** `POST api/v1/backstage/publish`: the body must parse with the contract (a drifted form fails). */
const publish = http.post('*/api/v1/backstage/publish', async ({ request }) => {
  const body = ZPublishSchema.parse(await request.json());
  for (const draft of [...saved.values()])
    if (body.tracks.some((track) => track.file_entry_id === draft.file_entry_id)) saved.delete(draft.id);
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
  parameters: { msw: [fileEntries, ...drafts, publish] },
  decorators: [(Story) => <div className="flex max-w-3xl flex-col gap-4">{Story()}</div>],
} satisfies Meta<typeof UploadFlow>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: the drop zone and its button. */
export const Empty: Story = {
  beforeEach: () => saved.clear(),
};

/** Drafts uploaded earlier (before a reload, or on another device) are listed again; one is deleted. */
export const SavedDrafts: Story = {
  beforeEach: () => {
    saved.clear();
    for (const [id, name] of [
      [900, '01 - Night Drive.mp3'],
      [901, '02 - Nightfall.mp3'],
    ] as const) {
      names.set(id, name);
      saved.set(id + 1000, tagDraft(id, name));
    }
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Drafts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Nightfall' }));
    // The dialog is drawn outside the story's canvas (the ModalHost): asked first, then deleted.
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Delete Nightfall?' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  },
};

const audio = (name: string) => new File([new Uint8Array(2048)], name, { type: 'audio/mpeg' });

async function uploadTwo(canvasElement: HTMLElement) {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('The drop zone has no file input.');
  await userEvent.upload(input, [audio('02 - Nightfall.mp3'), audio('01 - Night Drive.mp3')]);
  const list = await within(canvasElement).findByRole('list', { name: 'Drafts' });
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  return list;
}

/** Two files upload, their drafts come back in track order with the album's name; publishing shows the links. */
export const UploadAndPublish: Story = {
  beforeEach: () => saved.clear(),
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
  beforeEach: () => saved.clear(),
  parameters: {
    msw: [
      fileEntries,
      ...drafts,
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

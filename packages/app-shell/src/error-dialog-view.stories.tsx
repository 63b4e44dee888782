import { ZDebugTraceSchema } from '@cadence/contracts/errors';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import ErrorDialog from './error-dialog-view';
import { fixture } from './test/story-helpers';

/** A server debug trace (`debug` of the error envelope), contract-parsed. */
const trace = fixture(ZDebugTraceSchema, {
  exception: 'TypeError',
  message: "Cannot read properties of undefined (reading 'tracks')",
  file: 'apps/api/src/modules/albums/albums.service.ts',
  line: 88,
  trace: [
    {
      file: 'apps/api/src/modules/albums/albums.service.ts',
      line: 88,
      column: 21,
      function: 'AlbumsService.show',
      vendor: false,
    },
    {
      file: 'apps/api/src/modules/albums/albums.routes.ts',
      line: 41,
      column: 12,
      function: 'handler',
      vendor: false,
    },
    {
      file: 'node_modules/fastify/lib/handleRequest.js',
      line: 153,
      column: 33,
      function: 'preHandlerCallback',
      vendor: true,
    },
    { file: 'node_modules/fastify/lib/hooks.js', line: 246, column: 7, function: 'next', vendor: true },
  ],
  snippet: {
    startLine: 85,
    lines: [
      '  const album = await this.repo.find(id);',
      '  if (!album) throw notFound();',
      '  // tracks',
      '  return { album, tracks: album.tracks.map(toTrack) };',
    ],
    highlightLine: 88,
  },
});

/** Spec 2.3: the full-screen dialog shown when the server answers with a debug trace. */
const meta = {
  title: 'Screens/ErrorDialog',
  component: ErrorDialog,
  args: { trace, onClose: fn() },
} satisfies Meta<typeof ErrorDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    const dialog = await within(document.body).findByTestId('error-dialog');
    expect(within(dialog).getByRole('heading', { name: trace.message })).toBeTruthy();
  },
};

/** Escape closes it. */
export const ClosesOnEscape: Story = {
  play: async ({ args }) => {
    await within(document.body).findByTestId('error-dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

export const WithoutSnippetOrFile: Story = {
  args: { trace: fixture(ZDebugTraceSchema, { exception: 'Error', message: 'Something broke', trace: [] }) },
};

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { collectDroppedFiles } from './collect-dropped-files';
import { FileDropZone } from './file-drop-zone';

it('hands picked files over, without .DS_Store', async () => {
  const onFiles = vi.fn();
  render(<FileDropZone onFiles={onFiles} acceptedFileTypes={['audio/*']} />);
  expect(screen.getByRole('button', { name: 'Browse files' })).toBeTruthy();
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  expect(input.accept).toBe('audio/*');
  await userEvent.upload(input, [
    new File(['a'], 'a.mp3', { type: 'audio/mpeg' }),
    new File(['x'], '.DS_Store', { type: 'audio/mpeg' }),
  ]);
  expect(onFiles).toHaveBeenCalledTimes(1);
  expect(onFiles.mock.calls[0]?.[0].map((file: { name: string }) => file.name)).toEqual(['a.mp3']);
});

it('walks dropped folders and keeps each file path', async () => {
  const fileItem = (name: string) => ({
    kind: 'file' as const,
    type: 'audio/mpeg',
    name,
    getFile: async () => new File(['x'], name, { type: 'audio/mpeg' }),
    getText: async () => 'x',
  });
  const folder = {
    kind: 'directory' as const,
    name: 'Album',
    async *getEntries() {
      yield fileItem('01.mp3');
      yield fileItem('.DS_Store');
      yield {
        kind: 'directory' as const,
        name: 'Bonus',
        async *getEntries() {
          yield fileItem('02.mp3');
        },
      };
    },
  };
  const files = await collectDroppedFiles([fileItem('single.mp3'), folder]);
  expect(files.map((file) => [file.name, file.relativePath])).toEqual([
    ['single.mp3', ''],
    ['01.mp3', 'Album/01.mp3'],
    ['02.mp3', 'Album/Bonus/02.mp3'],
  ]);
});

import type { DirectoryDropItem, DropItem, FileDropItem } from 'react-aria-components';
import { isIgnoredFile } from '../restrictions';
import { createUploadedFile, type UploadedFile } from '../uploaded-file';

/** Files of a drop, walking dropped folders so each file keeps its path inside them. */
export async function collectDroppedFiles(items: readonly DropItem[]): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  const visit = async (item: DropItem, folder: string): Promise<void> => {
    if (item.kind === 'file') {
      const file = await (item as FileDropItem).getFile();
      if (!isIgnoredFile(file.name))
        files.push(createUploadedFile(file, folder ? `${folder}/${file.name}` : ''));
      return;
    }
    if (item.kind === 'directory') {
      const directory = item as DirectoryDropItem;
      const path = folder ? `${folder}/${directory.name}` : directory.name;
      for await (const entry of directory.getEntries()) await visit(entry, path);
    }
  };
  for (const item of items) await visit(item, '');
  return files;
}

/** Files from a picker; a folder pick carries `webkitRelativePath` on each file. */
export function collectPickedFiles(list: FileList | null): UploadedFile[] {
  return Array.from(list ?? [])
    .filter((file) => !isIgnoredFile(file.name))
    .map((file) => createUploadedFile(file));
}

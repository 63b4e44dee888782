import type { TTag, TTagCreate, TTagListQuery, TTagUpdate } from '@cadence/contracts/tag';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { displayName } from '../catalogue/catalogue-links';
import { isoRequired, mapPage } from '../catalogue/catalogue-utils';
import * as tagsRepository from './tags.repository';
import type { TagsTable } from './tags.tables';

const toDto = (row: Selectable<TagsTable>): TTag => ({
  id: row.id,
  name: row.name,
  display_name: row.display_name,
  type: row.type,
  created_at: isoRequired(row.created_at),
  updated_at: isoRequired(row.updated_at),
});

/** The admin's tags: list, create, rename and delete, a name unique per type. */
export function createTagsService(db: Kysely<Database>) {
  async function assertFree(name: string, type: string, exceptId?: number) {
    if (await tagsRepository.isTaken(db, name, type, exceptId))
      throw validationError({ name: 'This tag already exists.' });
  }

  return {
    async list(query: TTagListQuery) {
      return mapPage(await tagsRepository.page(db, query), (rows) => rows.map(toDto));
    },

    async create(input: TTagCreate): Promise<TTag> {
      await assertFree(input.name, input.type);
      const row = await tagsRepository.insert(db, {
        name: input.name,
        type: input.type,
        display_name: input.display_name ?? displayName(input.name),
      });
      return toDto(row);
    },

    async update(id: number, patch: TTagUpdate): Promise<TTag> {
      const tag = await tagsRepository.find(db, id);
      if (!tag) throw new AppError('not_found', 'Tag not found.');
      const next = { ...tag, ...patch };
      if (patch.name || patch.type) await assertFree(next.name, next.type, tag.id);
      return toDto(await tagsRepository.update(db, tag.id, patch));
    },

    async delete(id: number): Promise<void> {
      if (!(await tagsRepository.remove(db, id))) throw new AppError('not_found', 'Tag not found.');
    },
  };
}

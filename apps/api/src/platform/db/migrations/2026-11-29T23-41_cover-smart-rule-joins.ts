import type { Kysely } from 'kysely';

/**
 * Issue 37 (smart-playlists benchmark): a genre or tag rule is an `exists` probed per candidate
 * track on `(type, id)`; with the genre (tag) id in that index the probe answers from the index
 * alone, instead of visiting a table page for each link. The new index keeps the old one's
 * leading columns, so it replaces it for every other reader.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('genreables_model_genre_index')
    .on('genreables')
    .columns(['genreable_type', 'genreable_id', 'genre_id'])
    .execute();
  await db.schema.dropIndex('genreables_model_index').execute();
  await db.schema
    .createIndex('taggables_model_tag_index')
    .on('taggables')
    .columns(['taggable_type', 'taggable_id', 'tag_id'])
    .execute();
  await db.schema.dropIndex('taggables_model_index').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('genreables_model_index')
    .on('genreables')
    .columns(['genreable_type', 'genreable_id'])
    .execute();
  await db.schema.dropIndex('genreables_model_genre_index').execute();
  await db.schema
    .createIndex('taggables_model_index')
    .on('taggables')
    .columns(['taggable_type', 'taggable_id'])
    .execute();
  await db.schema.dropIndex('taggables_model_tag_index').execute();
}

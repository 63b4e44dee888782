import type { Kysely } from 'kysely';

const SEED_NOTE = 'Example plan from the demo seed: replace it in Admin > Plans before you sell.';

/**
 * Issue 32: a seeded plan is marked as such (the admin's plans list asks to replace it) instead
 * of carrying a placeholder description that the public pricing page showed.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('is_seed', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
  await db
    .updateTable('products')
    .set({ is_seed: true, description: null })
    .where('description', '=', SEED_NOTE)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('products')
    .set({ description: SEED_NOTE })
    .where('is_seed', '=', true)
    .where('description', 'is', null)
    .execute();
  await db.schema.alterTable('products').dropColumn('is_seed').execute();
}

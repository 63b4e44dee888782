import { type Kysely, sql } from 'kysely';

const placeholder = (what: string) =>
  `<p>This is a placeholder ${what} page. The site's administrator has not written it yet.</p>` +
  '<p>Administrators: replace this text in the admin area under Pages before opening the site to the public.</p>';

/**
 * Custom pages (spec 2.9, admin custom-pages) and the three the footer menu links to, seeded with
 * placeholder text that says what it is, for the admin to replace.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('custom_pages')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('body', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('hide_nav', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('custom_pages')
    .values([
      { title: 'Privacy Policy', slug: 'privacy-policy', body: placeholder('privacy policy') },
      { title: 'Terms of Service', slug: 'terms-of-service', body: placeholder('terms of service') },
      { title: 'About Us', slug: 'about-us', body: placeholder('about us') },
    ])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('custom_pages').execute();
}

import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { ADMIN_P95_GOAL_MS, getJson, measureAdminList, seededPostgresApi } from './admin-harness';
import { psql, WORDS } from './catalogue';

/**
 * Issue 10: the admin users list `GET /api/v1/users` on 100k users (search + role filter + sort
 * by name, page 1 and page 500 reached by Next: its `after` cursor), p95 <= 1.5x pgbench running
 * the same SQL, and <= 50 ms.
 */
const PER_PAGE = 25;
const SIZES = {
  full: { users: 100_000, deepPage: 500 },
  // 2,000 users: the filter matches ~333, so the deep page is the 10th.
  smoke: { users: 2_000, deepPage: 10 },
};

const words = `array[${WORDS.map((word) => `'${word.charAt(0).toUpperCase()}${word.slice(1)}'`).join(',')}]`;

/**
 * One INSERT from generate_series: two-word names, half the emails at example.com, 80 %
 * verified, 2 % banned, creation dates spread over a year; then every user gets a role (one in
 * three the second non-admin role, the rest the first).
 */
async function generateUsers(url: string, users: number, log: (message: string) => void) {
  const started = performance.now();
  const n = WORDS.length;
  await psql(
    url,
    `insert into users (name, email, email_verified_at, banned_at, created_at, updated_at)
     select (${words})[1 + (g * 7) % ${n}] || ' ' || (${words})[1 + (g * 13 + g / ${n}) % ${n}],
       'user' || g || case when g % 2 = 0 then '@example.com' else '@mail.test' end,
       case when g % 5 <> 0 then now() - (g % 1000) * interval '1 hour' end,
       case when g % 50 = 0 then now() - (g % 100) * interval '1 day' end,
       now() - (g % 100000) * interval '5 minutes', now()
     from generate_series(1, ${users}) g`,
  );
  const roles = (await psql(url, `select id from roles where name not ilike '%admin%' order by id limit 2`))
    .split('\n')
    .map(Number);
  if (roles.length < 2) throw new Error(`admin-users needs two non-admin roles, found ${roles.length}`);
  const [first, second] = roles as [number, number];
  await psql(
    url,
    `insert into user_role (user_id, role_id, created_at)
     select id, case when id % 3 = 0 then ${second} else ${first} end, now()
     from users where email like 'user%@%' and not exists (select 1 from user_role r where r.user_id = users.id)`,
  );
  await psql(url, 'vacuum analyze users, user_role');
  const ms = Math.round(performance.now() - started);
  log(`admin-users: ${users} users generated in ${ms} ms (filter role ${second})`);
  return { roleId: second, loadMs: ms };
}

export const adminUsers: TBenchmark = {
  name: 'admin-users',
  expectedSeconds: { full: 180, smoke: 30 },
  unit: 'ms p95',
  direction: 'ceiling-over-ours',
  goalRatio: 0.667,
  goalWords: `GET /api/v1/users (search + role filter + sort, page 1 and a deep page) p95 <= 1.5x pgbench p95 of the same SQL; absolute goal p95 <= ${ADMIN_P95_GOAL_MS} ms (see details)`,
  async run(context: TContext) {
    const size = context.mode.name === 'smoke' ? SIZES.smoke : SIZES.full;
    const { dataDir, database } = await seededPostgresApi(context);
    try {
      const generated = await generateUsers(database.url, size.users, context.log);
      const list = (page: number) =>
        `/api/v1/users?query=example&role=${generated.roleId}&orderBy=name&orderDir=asc&page=${page}&perPage=${PER_PAGE}`;
      return await measureAdminList(context, {
        name: 'admin-users',
        database,
        dataDir,
        cases: async (api, headers) => {
          // The deep page as the admin kit reaches it: Next from the page before, which sends that
          // page's `next_cursor` back as `after` (the api seeks instead of skipping 12k rows).
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          try {
            const before = list(size.deepPage - 1);
            const { status, body } = await getJson(agent, `${api.baseUrl}${before}`, headers);
            if (status !== 200) throw new Error(`GET ${before} answered ${status}: ${body.slice(0, 200)}`);
            const cursor = (JSON.parse(body) as { pagination: { next_cursor?: string | null } }).pagination
              .next_cursor;
            if (!cursor) throw new Error(`admin-users: page ${size.deepPage - 1} offered no next_cursor`);
            return [
              { label: 'page 1', path: list(1) },
              { label: `page ${size.deepPage} (Next)`, path: `${list(size.deepPage)}&after=${cursor}` },
            ];
          } finally {
            agent.destroy();
          }
        },
        details: { users: size.users, usersLoadMs: generated.loadMs, perPage: PER_PAGE },
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  },
};

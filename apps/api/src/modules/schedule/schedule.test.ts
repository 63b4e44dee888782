import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../platform/auth/session.service';
import { hashToken } from '../../platform/auth/tokens';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { createScheduleService } from './schedule.service';
import { scheduledTasks } from './scheduled-tasks';

let t: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['logs.view'] }));
});
afterAll(async () => t?.close());

async function overview(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/v1/logs/schedule', headers: { cookie } });
}

describe('scheduler', () => {
  it('runs each due task once per slot across replicas and shows the runs with duration and outcome', async () => {
    const userId = await createTestUser(t.deps);
    const expired = await createSession(t.deps.db, userId, { ttlMs: -60_000 });
    const live = await createSession(t.deps.db, userId);
    const now = new Date('2030-01-01T10:30:00Z');

    // Two replicas tick at the same moment: each task runs on exactly one of them.
    const replicas = [1, 2].map(() =>
      createScheduleService({
        db: t.deps.db,
        tasks: scheduledTasks(t.deps.db, t.app.services, t.app.jobs),
      }),
    );
    const ran = (await Promise.all(replicas.map((replica) => replica.tick(now)))).flat();
    expect(ran.sort()).toEqual([
      'analytics:prune',
      'billing-webhooks:requeue',
      'data-exports:prune',
      'payouts:auto-run',
      'schedule:prune',
      'scrobbles:prune-keys',
      'scrobbles:retry',
      'sessions:prune',
      'similar-artists:recompute',
      'sitemap:generate',
      'uploads:sweep-orphans',
    ]);
    // Within the same slots nothing is due any more; 11:00 starts the hourly task's next slot and the
    // five-minute sweep's.
    expect(await replicas[0]?.tick(new Date('2030-01-01T10:34:00Z'))).toEqual([]);
    expect(await replicas[1]?.tick(new Date('2030-01-01T11:00:00Z'))).toEqual([
      'sessions:prune',
      'billing-webhooks:requeue',
      'scrobbles:retry',
      'data-exports:prune',
      'uploads:sweep-orphans',
      'payouts:auto-run',
    ]);

    const sessionIds = (await t.deps.db.selectFrom('sessions').select('id').execute()).map((row) => row.id);
    expect(sessionIds).not.toContain(hashToken(expired.token));
    expect(sessionIds).toContain(hashToken(live.token));

    const res = await overview(admin.cookie);
    expect(res.statusCode).toBe(200);
    const prune = res.json().tasks.find((task: { name: string }) => task.name === 'sessions:prune');
    expect(prune).toMatchObject({ description: 'Delete expired sessions', every_minutes: 60 });
    expect(prune.runs).toHaveLength(2);
    expect(prune.runs[1]).toMatchObject({ outcome: 'success', detail: 'Pruned 1 expired sessions' });
    expect(prune.runs[1].duration_ms).toBeGreaterThanOrEqual(0);
    expect(prune.runs[1].started_at).toBe('2030-01-01T10:30:00.000Z');
    expect(prune.runs[1].finished_at).not.toBeNull();
    expect(prune.runs[0].detail).toBe('Pruned 0 expired sessions');
    const similar = res
      .json()
      .tasks.find((task: { name: string }) => task.name === 'similar-artists:recompute');
    expect(similar.runs[0]).toMatchObject({ outcome: 'success' });
    expect(similar.runs[0].detail).toMatch(/^Recomputed similar artists of \d+ artists$/);
    const requeue = res
      .json()
      .tasks.find((task: { name: string }) => task.name === 'billing-webhooks:requeue');
    expect(requeue).toMatchObject({ every_minutes: 5 });
    expect(requeue.runs[0]).toMatchObject({ outcome: 'success', detail: 'Queued 0 pending webhook events' });
  });

  it('keeps the run log for 30 days', async () => {
    const started = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
    await t.deps.db
      .insertInto('scheduled_task_runs')
      .values([
        { task: 'test:old', slot: 1, outcome: 'success', started_at: started(31) },
        { task: 'test:recent', slot: 1, outcome: 'success', started_at: started(29) },
      ])
      .execute();
    const prune = scheduledTasks(t.deps.db, t.app.services, t.app.jobs).find(
      (task) => task.name === 'schedule:prune',
    );
    expect(prune?.description).toBe('Delete the scheduled task runs older than 30 days');
    expect(await prune?.run()).toBe('Deleted 1 old runs');
    const left = await t.deps.db
      .selectFrom('scheduled_task_runs')
      .select('task')
      .where('task', 'like', 'test:%')
      .execute();
    expect(left.map((row) => row.task)).toEqual(['test:recent']);
  });

  it('records a failing task as failed with its message and keeps running the others', async () => {
    const schedule = createScheduleService({
      db: t.deps.db,
      tasks: [
        {
          name: 'test:broken',
          description: 'fails',
          everyMs: 60_000,
          run: async () => {
            throw new Error('disk full');
          },
        },
        { name: 'test:fine', description: 'works', everyMs: 60_000, run: async () => 'ok' },
      ],
    });
    expect(await schedule.tick(new Date('2030-01-02T00:00:00Z'))).toEqual(['test:broken', 'test:fine']);
    const [broken, fine] = await schedule.overview();
    expect(broken?.runs[0]).toMatchObject({ outcome: 'failed', detail: 'disk full' });
    expect(fine?.runs[0]).toMatchObject({ outcome: 'success', detail: 'ok' });
  });

  it('is for those who may view the logs', async () => {
    const listener = await t.sessionCookie(await createTestUser(t.deps));
    expect((await overview(listener.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/logs/schedule' })).statusCode).toBe(401);
  });
});

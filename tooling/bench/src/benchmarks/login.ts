import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { alternate } from '../harness/alternate';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { track } from '../harness/children';
import { pinned, SERVER_CORE } from '../harness/cores';
import { findSparePort } from '../harness/ports';
import { startServer, type TRunningServer } from '../harness/server-process';
import { median } from '../harness/stats';
import { apiEntry, type TTarget } from '../harness/targets';

/** The api's parameters (apps/api/src/platform/auth/password.ts): OWASP's argon2id minimum. */
const ARGON2 = { algorithm: 2, timeCost: 2, memoryCost: 19456, parallelism: 1 } as const;
/** A few logins in flight keep the api's core busy (argon2 runs on the libuv pool) without queueing seconds. */
const CONCURRENCY = 4;
const XSRF = 'bench-xsrf-token';

/**
 * Median ms of one argon2id hash at the api's parameters, with the api's own addon, in a child
 * pinned to the server core: the cost every login pays once (verify costs what hash costs).
 */
function measureHashMs(context: TContext, hashes: number): Promise<number> {
  const addon = createRequire(apiEntry()).resolve('@node-rs/argon2');
  const script = `
    const { hash } = require(${JSON.stringify(addon)});
    const options = ${JSON.stringify(ARGON2)};
    (async () => {
      await hash('warm-up', options);
      const times = [];
      for (let i = 0; i < ${hashes}; i += 1) {
        const start = performance.now();
        await hash('correct-horse-battery-' + i, options);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      process.stdout.write(String(times[Math.floor(times.length / 2)]));
    })();`;
  const [command, args] = pinned(context.pinning, SERVER_CORE, process.execPath, ['-e', script]);
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { timeout: 120_000 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(Number(stdout));
    });
    track(child);
  });
}

/**
 * POST /auth/login as fast as CONCURRENCY clients can for `seconds`; each request comes from its
 * own address (X-Forwarded-For with TRUST_PROXY): the per-address throttle is the api's real
 * defence and must stay on, so the bench looks like many people logging in at once.
 */
async function loginLoad(
  server: TRunningServer,
  credentials: { email: string; password: string },
  seconds: number,
) {
  let address = 0;
  let logins = 0;
  const latencies: number[] = [];
  const body = JSON.stringify({ ...credentials, remember: false });
  const deadline = performance.now() + seconds * 1000;
  const startedAt = performance.now();
  async function client() {
    while (performance.now() < deadline) {
      address += 1;
      const forwardedFor = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
      const start = performance.now();
      const response = await fetch(`${server.baseUrl}/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${XSRF}`,
          'x-xsrf-token': XSRF,
          'x-forwarded-for': forwardedFor,
        },
        body,
      });
      const text = await response.text();
      if (response.status !== 200 || !text.includes('"bootstrapData"')) {
        throw new Error(`POST /auth/login answered ${response.status}: ${text.slice(0, 200)}`);
      }
      latencies.push(performance.now() - start);
      logins += 1;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  return {
    loginsPerSecond: logins / elapsedSeconds,
    logins,
    p50Ms: latencies.length > 0 ? median(latencies) : 0,
  };
}

/** The api target with TRUST_PROXY on (so each request's X-Forwarded-For is its address). */
async function startLoginApi(target: TTarget, context: TContext) {
  const spec = target.spec(await findSparePort());
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = spec.env;
  if (!email || !password)
    throw new Error(`${target.label} has no seeded ADMIN_EMAIL/ADMIN_PASSWORD to log in with`);
  const server = await startServer(
    { ...spec, env: { ...spec.env, TRUST_PROXY: 'true' } },
    context.pinning,
    target.startTimeoutMs,
  );
  return { server, credentials: { email, password } };
}

/**
 * Issue 3: login throughput against the argon2id ceiling measured in the same run. The ceiling
 * is 1000 / hash_ms logins per second, what one core does if a login were nothing but its hash
 * (the api is pinned to one core); ratio = observed / ceiling is the share of a login's cost that
 * is the deliberate hash. A ratio near 1 means the hash dominates: the parameters set the price.
 */
export const loginThroughput: TBenchmark = {
  name: 'login',
  expectedSeconds: { full: 190, smoke: 20 },
  unit: 'logins/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0.5,
  goalWords: 'logins/s >= 0.5x (1000 / argon2id hash ms) on one core: the hash is most of a login',
  async run(context) {
    const target = await context.ours();
    if (target.label.startsWith('hello-fastify')) throw new Error('login needs the api (no --self-check)');
    const { server, credentials } = await startLoginApi(target, context);
    const hashes = context.mode.name === 'smoke' ? 3 : 20;
    try {
      const hashMs: number[] = [];
      const runs: Array<{ loginsPerSecond: number; logins: number; p50Ms: number }> = [];
      const samples = await alternate(context.mode.rounds * 2, async (side, pair) => {
        context.log(`login: pair ${pair + 1}/${context.mode.rounds * 2} ${side}`);
        if (side === 'ceiling') {
          const ms = await measureHashMs(context, hashes);
          hashMs.push(ms);
          return 1000 / ms;
        }
        if (context.mode.warmupSeconds > 0) await loginLoad(server, credentials, context.mode.warmupSeconds);
        const run = await loginLoad(server, credentials, context.mode.measureSeconds);
        runs.push(run);
        return run.loginsPerSecond;
      });
      return {
        samples,
        details: {
          argon2id: { m: ARGON2.memoryCost, t: ARGON2.timeCost, p: ARGON2.parallelism },
          hashMs,
          hashMsMedian: median(hashMs),
          concurrency: CONCURRENCY,
          api: path.basename(path.dirname(path.dirname(apiEntry()))),
          runs,
        },
      };
    } finally {
      await server.stop();
    }
  },
};

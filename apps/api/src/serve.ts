import { buildApp } from './app';
import type { Env } from './env';
import { migrateRuntime, openRuntime } from './runtime';
import { seedDatabase } from './seed/seed';

function printFirstAdmin(email: string, password: string) {
  const lines = [
    '',
    '  First admin account created (shown once, change the password after signing in):',
    `    email:    ${email}`,
    `    password: ${password}`,
    '',
  ];
  console.log(lines.join('\n'));
}

/** Migrate, seed on first run, listen; on SIGTERM/SIGINT stop accepting, drain, close, exit. */
export async function serve(env: Env) {
  const runtime = await openRuntime(env);
  await migrateRuntime(runtime.deps);
  const seeded = await seedDatabase(runtime.deps.db, env, runtime.deps.appKey);
  const app = await buildApp(runtime.deps);
  runtime.log.attach(app.log);

  let isClosing = false;
  // On SIGTERM: readiness answers 503 at once, the replica keeps serving for the drain delay
  // (while the load balancer notices), then stops listening, lets in-flight requests and
  // streams finish and exits; SHUTDOWN_TIMEOUT_MS bounds the whole sequence.
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.lifecycle.isDraining = true;
    app.log.info(`${signal} received: draining for ${env.SHUTDOWN_DRAIN_DELAY_MS} ms, then shutting down`);
    const timer = setTimeout(() => {
      app.log.error({}, 'graceful shutdown timed out');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_DELAY_MS));
      await app.close();
      await runtime.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  if (seeded.created && seeded.admin.generatedPassword) {
    printFirstAdmin(seeded.admin.email, seeded.admin.generatedPassword);
  }
  // One plain line for people starting it by hand; the structured logs say the rest.
  console.log(
    `Cadence is running: player ${env.APP_URL}/  admin ${env.APP_URL}/admin  api docs ${env.APP_URL}/api-docs`,
  );
  return app;
}

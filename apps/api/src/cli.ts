import { loadProcessEnv } from './env';
import { runImportCommand } from './modules/import/import.command';
import { createSettingsService } from './modules/settings/settings.service';
import { AppError } from './platform/http/app-error';
import { migrateRuntime, openRuntime } from './runtime';
import { seedDatabase } from './seed/seed';
import { serve } from './serve';

const USAGE =
  'Usage: cadence <migrate | seed | serve | settings:set <key> <json-or-text> [<key> <json-or-text> ...] | import <folder>>';

/** `settings:set cookie_notice.enable true`: values are JSON when they parse as JSON, else text. */
function parseSettingValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** `key value [key value ...]` as one object; an odd count or an empty key is the usage error. */
function settingPairs(args: readonly string[]): Record<string, unknown> {
  if (args.length === 0 || args.length % 2 !== 0) throw new Error(USAGE);
  const values: Record<string, unknown> = {};
  for (let index = 0; index < args.length; index += 2) {
    const key = args[index];
    if (!key) throw new Error(USAGE);
    values[key] = parseSettingValue(args[index + 1] as string);
  }
  return values;
}

function reportSeed(result: Awaited<ReturnType<typeof seedDatabase>>) {
  if (!result.created) return;
  console.log(`Seeded. Admin: ${result.admin.email}`);
  if (result.admin.generatedPassword)
    console.log(`Generated password (shown once): ${result.admin.generatedPassword}`);
}

async function main(command: string | undefined) {
  const env = loadProcessEnv();
  if (command === 'serve') {
    await serve(env);
    return;
  }
  if (command !== 'migrate' && command !== 'seed' && command !== 'settings:set' && command !== 'import') {
    console.error(USAGE);
    process.exit(command ? 1 : 0);
  }
  const runtime = await openRuntime(env, { withLogger: false });
  try {
    const applied = await migrateRuntime(runtime.deps);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to migrate.');
    if (command === 'settings:set') {
      const values = settingPairs(process.argv.slice(3));
      reportSeed(await seedDatabase(runtime.deps.db, env, runtime.deps.appKey));
      const settings = createSettingsService(runtime.deps);
      // One save for every pair: validated together, written in one transaction.
      const { changed } = await settings.save({ client: values });
      for (const key of Object.keys(values)) {
        console.log(changed.includes(key) ? `Saved ${key}.` : `${key} already had that value.`);
      }
    }
    if (command === 'import') await runImportCommand(runtime, process.argv[3]);
    if (command === 'seed') {
      const result = await seedDatabase(runtime.deps.db, env, runtime.deps.appKey);
      if (!result.created) console.log('Already seeded.');
      reportSeed(result);
    }
  } finally {
    await runtime.close();
  }
}

main(process.argv[2]).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof AppError && error.errors) console.error(error.errors);
  process.exit(1);
});

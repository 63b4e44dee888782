import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * Set by the root test command (scripts/run.mjs) to a fresh folder: each vitest run writes one
 * JSON file there with every test file's duration, and the command prints the slowest of all runs.
 */
export const FILE_DURATIONS_DIR = 'CADENCE_TEST_DURATIONS_DIR';

export type FileDuration = {
  package: string;
  /** Which run of the package: the api runs its files twice (PostgreSQL, then embedded). */
  target: string;
  file: string;
  /** Import, environment and setup included: what the file costs the run, in ms. */
  totalMs: number;
  testsMs: number;
  /** Tests that failed, each as "full name: first line of the error". */
  failed?: string[];
  /** Tests that passed only on a retry: a flake the log would otherwise bury. */
  retried?: string[];
};

/**
 * An error's first line with words in it, and its name when it has no message: testing-library's
 * and vitest's messages can start with a blank line, and a bare `throw new Error()` has none.
 */
function firstLineOf(error: { message?: string; name?: string } | undefined, fallback: string): string {
  const line = error?.message
    ?.split('\n')
    .map((text) => text.trim())
    .find((text) => text.length > 0);
  return line ?? (error?.name ? `${error.name} (no message)` : fallback);
}

function failuresOf(module: TestModule): Pick<FileDuration, 'failed' | 'retried'> {
  const failed: string[] = [];
  const retried: string[] = [];
  for (const test of module.children.allTests()) {
    const result = test.result();
    if (result.state === 'failed') {
      const message = firstLineOf(result.errors?.[0], 'no error message');
      failed.push(`${test.fullName}: ${message}`);
    } else if (result.state === 'passed' && test.diagnostic()?.retryCount) {
      retried.push(test.fullName);
    }
  }
  if (module.state() === 'failed' && failed.length === 0) {
    const message = firstLineOf(module.errors()[0], 'the file failed outside its tests');
    failed.push(`(file): ${message}`);
  }
  return {
    ...(failed.length > 0 ? { failed } : {}),
    ...(retried.length > 0 ? { retried } : {}),
  };
}

function packageName(root: string): string {
  try {
    return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).name ?? path.basename(root);
  } catch {
    return path.basename(root);
  }
}

class FileDurationsReporter implements Reporter {
  private root = process.cwd();

  constructor(private readonly dir: string) {}

  onInit(vitest: Vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const name = packageName(this.root);
    const target = process.env.CADENCE_TEST_TARGET ?? '';
    const rows: FileDuration[] = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        package: name,
        target,
        file: path.relative(this.root, module.moduleId),
        totalMs:
          d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
        testsMs: d.duration,
        ...failuresOf(module),
      };
    });
    mkdirSync(this.dir, { recursive: true });
    const slug = `${name}-${target || 'default'}`.replace(/[^\w.-]+/g, '_');
    writeFileSync(path.join(this.dir, `${slug}-${process.pid}-${Date.now()}.json`), JSON.stringify(rows));
  }
}

/**
 * Spread into a config's `test`: nothing when run by hand (vitest's own default reporters; an
 * explicit `reporters: undefined` would break vitest's config resolution); under the root test
 * command the default reporter plus the one that writes file durations (GitHub's annotations kept).
 */
/**
 * Under the test command, a failed test gets one more attempt. A pass on that attempt is still
 * named at the end of the run (`retried`), so a flake is seen, not buried; a bare `vitest run`
 * gets no retry, so a developer meets the flake at once. Two CI runs of 2026-12-01 on the
 * slower 2-core machine failed on one attempt each of tests green in every run before and after.
 */
export function testCommandRetry(): { retry?: number } {
  return process.env[FILE_DURATIONS_DIR] ? { retry: 1 } : {};
}

export function testReporters(): { reporters?: (string | Reporter)[] } {
  const dir = process.env[FILE_DURATIONS_DIR];
  if (!dir) return {};
  const reporters: (string | Reporter)[] = ['default', new FileDurationsReporter(dir)];
  if (process.env.GITHUB_ACTIONS === 'true') reporters.push('github-actions');
  return { reporters };
}

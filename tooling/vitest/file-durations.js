import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
/**
 * Set by the root test command (scripts/run.mjs) to a fresh folder: each vitest run writes one
 * JSON file there with every test file's duration, and the command prints the slowest of all runs.
 */
export const FILE_DURATIONS_DIR = 'CADENCE_TEST_DURATIONS_DIR';
function packageName(root) {
    try {
        return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).name ?? path.basename(root);
    }
    catch {
        return path.basename(root);
    }
}
class FileDurationsReporter {
    dir;
    root = process.cwd();
    constructor(dir) {
        this.dir = dir;
    }
    onInit(vitest) {
        this.root = vitest.config.root;
    }
    onTestRunEnd(testModules) {
        const name = packageName(this.root);
        const target = process.env.CADENCE_TEST_TARGET ?? '';
        const rows = testModules.map((module) => {
            const d = module.diagnostic();
            return {
                package: name,
                target,
                file: path.relative(this.root, module.moduleId),
                totalMs: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
                testsMs: d.duration,
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
export function testReporters() {
    const dir = process.env[FILE_DURATIONS_DIR];
    if (!dir)
        return {};
    const reporters = ['default', new FileDurationsReporter(dir)];
    if (process.env.GITHUB_ACTIONS === 'true')
        reporters.push('github-actions');
    return { reporters };
}

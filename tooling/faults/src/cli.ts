import { errorCount } from './load';
import { Fixture, FULL, formatReport, SCENARIOS, SMOKE, ZERO_READ_ERRORS } from './scenarios';

/** `pnpm --filter @cadence/faults faults [--smoke] [scenario...]`: the full fault suite. */
const args = process.argv.slice(2);
const timings = args.includes('--smoke') ? SMOKE : FULL;
const names = args.filter((arg) => !arg.startsWith('--'));
const chosen = SCENARIOS.filter((s) => names.length === 0 || names.some((n) => s.name.includes(n)));

const fixture = await Fixture.start();
let failed = 0;
try {
  for (const scenario of chosen) {
    const report = await scenario.run(fixture, timings);
    console.log(formatReport(report));
    const needsZeroErrors = ZERO_READ_ERRORS.has(scenario.name);
    const isPass =
      report.alive &&
      (report.errors.ECONNRESET ?? 0) === 0 &&
      report.writes.lost === 0 &&
      report.recoveryMs <= 5_000 &&
      (!needsZeroErrors || errorCount(report.load) === 0) &&
      (report.upload === undefined ||
        (report.upload.isIntact &&
          (report.upload.entriesCreated === undefined || report.upload.entriesCreated === 1)));
    console.log(`  ${isPass ? 'PASS' : 'FAIL'}\n`);
    if (!isPass) failed += 1;
  }
} finally {
  await fixture.dispose();
}
process.exit(failed === 0 ? 0 : 1);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCount } from './load';
import { Fixture, formatReport, SCENARIOS, type ScenarioReport, SMOKE, ZERO_READ_ERRORS } from './scenarios';

/**
 * The smoke version of the fault suite (short outages); `pnpm --filter @cadence/faults faults`
 * runs the full one. Each scenario holds the goals: the process lives, no connection is
 * reset, no acknowledged write is lost, recovery within 5 s of the dependency's return.
 */
const RECOVERY_GOAL_MS = 5_000;

describe('the api under load while its dependencies fail', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await Fixture.start();
  });
  afterAll(async () => fixture?.dispose());

  function holdsTheCommonGoals(report: ScenarioReport) {
    console.log(formatReport(report));
    expect(report.alive).toBe(true);
    expect(report.errors.ECONNRESET ?? 0).toBe(0);
    expect(report.writes.lost).toBe(0);
    expect(report.writes.acknowledged).toBeGreaterThan(0);
    expect(report.recoveryMs).toBeLessThanOrEqual(RECOVERY_GOAL_MS);
    // Failures are 503 answers, never a 500 or a dropped request.
    expect(Object.keys(report.errors).filter((kind) => kind !== '503')).toEqual([]);
  }

  for (const scenario of SCENARIOS) {
    it(scenario.name, async () => {
      const report = await scenario.run(fixture, SMOKE);
      holdsTheCommonGoals(report);
      if (ZERO_READ_ERRORS.has(scenario.name)) expect(errorCount(report.load)).toBe(0);
      if (scenario.name === 'S3 peer stopped') {
        // The uploader is told the storage is away (HEAD, PATCH and a plain upload all 503), and
        // only the resumed upload became a file entry.
        expect(report.upload?.duringOutage).toEqual([503, 503, 503]);
        expect(report.upload?.entriesCreated).toBe(1);
      }
      if (report.upload) {
        expect(report.upload.isIntact).toBe(true);
        // While Redis is away the upload gets a clear answer (503), not a hang or a reset.
        expect(report.upload.duringOutage.every((status) => status === 503 || status === 204)).toBe(true);
      }
    });
  }
});

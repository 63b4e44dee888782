import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { humanTable, jsonLine, resultsFile, type TMetricResult } from './report';

const result = (overrides: Partial<TMetricResult>): TMetricResult => ({
  metric: 'bootstrap-throughput',
  ours: 5000,
  ceiling: 10000,
  ratio: 0.5,
  goal: 'ratio >= 0.5',
  unit: 'req/s',
  pass: true,
  busy: false,
  verdict: 'pass',
  details: {},
  ...overrides,
});

describe('report', () => {
  let directory: string | undefined;
  afterEach(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('prints the verdict in the JSON line', () => {
    const line = JSON.parse(jsonLine(result({ pass: false, busy: true, verdict: 'unmeasured (busy)' })));
    expect(line).toMatchObject({ pass: false, busy: true, verdict: 'unmeasured (busy)' });
  });

  it('shows busy passes as unmeasured, busy misses as misses, and failures with their error', () => {
    const table = humanTable(
      [
        result({ metric: 'a', verdict: 'unmeasured (busy)', pass: false, busy: true }),
        result({ metric: 'b', verdict: 'miss', pass: false, busy: true }),
        result({ metric: 'c' }),
      ],
      [{ metric: 'd', error: 'd exceeded its 90 s budget\nmore' }],
    );
    const rows = table.split('\n');
    expect(rows.find((row) => row.startsWith('a '))).toMatch(/unmeasured \(busy\)$/);
    expect(rows.find((row) => row.startsWith('b '))).toMatch(/MISS \(busy machine\)$/);
    expect(rows.find((row) => row.startsWith('c '))).toMatch(/pass$/);
    expect(rows.find((row) => row.startsWith('d '))).toMatch(/ERROR: d exceeded its 90 s budget$/);
  });

  it('keeps one results file per run, rewritten with everything so far', async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'bench-report-'));
    const results = await resultsFile(directory, 'all');
    await results.write({ results: [1] });
    await results.write({ results: [1, 2] });
    expect(JSON.parse(await readFile(results.file, 'utf8'))).toEqual({ results: [1, 2] });
    expect(path.dirname(results.file)).toBe(directory);
  });
});

import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TVerdict } from './verdict';

/** The keys the method prescribes, then the verdict fields, in this order. */
export type TMetricLine = {
  metric: string;
  ours: number;
  ceiling: number;
  ratio: number;
  goal: string;
  unit: string;
  /** True only for a goal met on a quiet machine (see verdict.ts). */
  pass: boolean;
  busy: boolean;
  verdict: TVerdict;
};

export type TMetricResult = TMetricLine & { details: Record<string, unknown> };

export type TMetricFailure = { metric: string; error: string; seconds?: number };

export const isFailure = (entry: TMetricResult | TMetricFailure): entry is TMetricFailure => 'error' in entry;

export function jsonLine(result: TMetricLine): string {
  const { metric, ours, ceiling, ratio, goal, unit, pass, busy, verdict } = result;
  return JSON.stringify({ metric, ours, ceiling, ratio, goal, unit, pass, busy, verdict });
}

function pad(cells: string[], widths: number[]): string {
  return cells
    .map((cell, index) => cell.padEnd(widths[index] ?? 0))
    .join('  ')
    .trimEnd();
}

function verdictCell(result: TMetricResult): string {
  if (result.verdict === 'miss') return result.busy ? 'MISS (busy machine)' : 'MISS';
  return result.verdict;
}

export function humanTable(results: TMetricResult[], failures: TMetricFailure[]): string {
  const header = ['metric', 'ours', 'ceiling', 'ratio', 'goal', 'verdict'];
  const rows = results.map((result) => [
    result.metric,
    `${result.ours} ${result.unit}`,
    `${result.ceiling} ${result.unit}`,
    String(result.ratio),
    result.goal,
    verdictCell(result),
  ]);
  for (const failure of failures)
    rows.push([failure.metric, '-', '-', '-', '-', `ERROR: ${failure.error.split('\n')[0]}`]);
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...rows.map((row) => row[index]?.length ?? 0)),
  );
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [pad(header, widths), rule, ...rows.map((row) => pad(row, widths))].join('\n');
}

/**
 * One results file per run, rewritten after every benchmark (through a temp file and a rename),
 * so a run that is killed keeps the figures of the benchmarks that finished.
 */
export async function resultsFile(directory: string, name: string) {
  await mkdir(directory, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(directory, `${name}-${stamp}.json`);
  return {
    file,
    write: async (content: unknown) => {
      await writeFile(`${file}.tmp`, `${JSON.stringify(content, null, 2)}\n`);
      await rename(`${file}.tmp`, file);
    },
  };
}

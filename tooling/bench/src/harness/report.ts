import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Exactly the keys the method prescribes, in this order. */
export type TMetricLine = {
  metric: string;
  ours: number;
  ceiling: number;
  ratio: number;
  goal: string;
  unit: string;
  pass: boolean;
  busy: boolean;
};

export type TMetricResult = TMetricLine & { details: Record<string, unknown> };

export type TMetricFailure = { metric: string; error: string };

export function jsonLine(result: TMetricLine): string {
  const { metric, ours, ceiling, ratio, goal, unit, pass, busy } = result;
  return JSON.stringify({ metric, ours, ceiling, ratio, goal, unit, pass, busy });
}

function pad(cells: string[], widths: number[]): string {
  return cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
}

export function humanTable(results: TMetricResult[], failures: TMetricFailure[]): string {
  const header = ['metric', 'ours', 'ceiling', 'ratio', 'goal', 'verdict'];
  const rows = results.map((result) => [
    result.metric,
    `${result.ours} ${result.unit}`,
    `${result.ceiling} ${result.unit}`,
    String(result.ratio),
    result.goal,
    `${result.pass ? 'pass' : 'MISS'}${result.busy ? ' (busy machine)' : ''}`,
  ]);
  for (const failure of failures)
    rows.push([failure.metric, '-', '-', '-', '-', `ERROR: ${failure.error.split('\n')[0]}`]);
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...rows.map((row) => row[index]?.length ?? 0)),
  );
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [pad(header, widths), rule, ...rows.map((row) => pad(row, widths))].join('\n');
}

export async function writeResults(directory: string, name: string, content: unknown): Promise<string> {
  await mkdir(directory, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(directory, `${name}-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(content, null, 2)}\n`);
  return file;
}

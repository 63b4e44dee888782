import { readFile } from 'node:fs/promises';

/** Resident set size of a live process in MiB, from the kernel's own accounting. */
export async function readRssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (match === null) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) / 1024;
}

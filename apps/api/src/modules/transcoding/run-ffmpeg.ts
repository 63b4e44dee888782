import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { outputArguments, type TranscodeProfile } from './transcode-profiles';

/** A local path or URL ffmpeg opens itself, or bytes piped into its stdin (a storage driver's stream). */
export type TranscodeInput =
  | { kind: 'path'; path: string }
  | { kind: 'stream'; open: () => Promise<Readable> };

export type FfmpegProcess = ChildProcessByStdio<Writable | null, Readable, Readable>;

/**
 * ffmpeg runs below the api's priority: a transcode takes whatever CPU is left, so listeners'
 * page and search answers do not queue behind encoders (issue 36: the read mix's p99 beside
 * 2 x cores transcodes), relative to the api's own; 10 is `nice`'s default step.
 */
export const TRANSCODE_NICENESS = 10;

/**
 * Starts ffmpeg converting `input` to `profile` on stdout, from `offsetSeconds` on. `-ss` before
 * `-i` seeks the input (fast, to the nearest point before; then decoded exactly), so a seek into
 * a long track starts at once rather than after decoding everything before it.
 */
export function startTranscode(
  ffmpeg: string,
  input: TranscodeInput,
  profile: TranscodeProfile,
  offsetSeconds: number,
): FfmpegProcess {
  const seek = offsetSeconds > 0 ? ['-ss', offsetSeconds.toFixed(3)] : [];
  const source = input.kind === 'path' ? input.path : 'pipe:0';
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    ...(input.kind === 'path' ? ['-nostdin'] : []),
    ...seek,
    '-i',
    source,
    ...outputArguments(profile),
    'pipe:1',
  ];
  const child = spawn(ffmpeg, args, {
    stdio: [input.kind === 'stream' ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  }) as FfmpegProcess;
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, Math.min(19, getPriority() + TRANSCODE_NICENESS));
    } catch {
      // Not allowed here (a container without the right): the transcode runs at the api's priority.
    }
  }
  // Only the tail of stderr is kept: it explains a failure, nothing else reads it.
  let errorTail = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errorTail = (errorTail + chunk.toString()).slice(-2000);
  });
  Object.defineProperty(child, 'errorTail', { get: () => errorTail });
  if (input.kind === 'stream' && child.stdin) {
    const stdin = child.stdin;
    // ffmpeg closing its input early (it has enough, or it was killed) is not an error here.
    stdin.on('error', () => {});
    input.open().then(
      (stream) => {
        stream.on('error', () => child.kill('SIGKILL'));
        stream.pipe(stdin);
        child.once('close', () => stream.destroy());
      },
      () => child.kill('SIGKILL'),
    );
  }
  return child;
}

/** What ffmpeg printed on stderr last (a failure's reason). */
export function errorTailOf(child: FfmpegProcess): string {
  return (child as unknown as { errorTail?: string }).errorTail ?? '';
}

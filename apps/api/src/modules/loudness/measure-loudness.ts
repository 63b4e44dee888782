import { spawn } from 'node:child_process';
import { type Loudness, parseEbur128Summary } from './replay-gain';

/**
 * EBU R128 integrated loudness and true peak of one file (or URL) with ffmpeg's `ebur128` filter;
 * decodes the whole track once, output discarded. Rejects when ffmpeg fails; null for silence.
 */
export function measureLoudness(ffmpeg: string, input: string): Promise<Loudness | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg,
      [
        '-hide_banner',
        '-nostats',
        '-nostdin',
        '-i',
        input,
        '-vn',
        '-af',
        'ebur128=peak=true',
        '-f',
        'null',
        '-',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    // The filter logs a line per 100 ms at info level: only the tail (the summary) is kept.
    let tail = '';
    child.stderr.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(
          new Error(`ffmpeg could not measure the loudness: ${tail.trim().slice(-500) || `exit ${code}`}`),
        );
        return;
      }
      resolve(parseEbur128Summary(tail));
    });
  });
}

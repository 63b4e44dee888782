import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTranscode, TRANSCODE_NICENESS } from './run-ffmpeg';
import { profileFor } from './transcode-profiles';

const FFMPEG = '/usr/bin/ffmpeg';

describe('startTranscode', () => {
  let dir: string;
  let flac: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cadence-run-ffmpeg-'));
    flac = path.join(dir, 'tone.flac');
    execFileSync(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:d=30', '-c:a', 'flac', flac]);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs ffmpeg below the api priority, so encoders take only the CPU listeners leave', async () => {
    const child = startTranscode(FFMPEG, { kind: 'path', path: flac }, profileFor('opus', 96), 0);
    const closed = once(child, 'close');
    child.stdout.resume();
    try {
      expect(getPriority(child.pid as number)).toBe(Math.min(19, getPriority() + TRANSCODE_NICENESS));
    } finally {
      child.kill('SIGKILL');
      await closed;
    }
  });
});

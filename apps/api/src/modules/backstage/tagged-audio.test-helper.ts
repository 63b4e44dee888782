import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type AudioTags = {
  title: string;
  artist: string;
  album: string;
  track: number;
  genre: string;
  year: number;
};

/** A real tagged MP3 with an embedded JPEG cover, rendered by ffmpeg (a sine of `seconds`). */
export async function makeTaggedMp3(tags: AudioTags, seconds = 2, frequency = 440): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-tagged-'));
  const out = path.join(dir, 'track.mp3');
  try {
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${frequency}:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=64x64:d=1',
      '-map',
      '0:a',
      '-map',
      '1:v',
      '-frames:v',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      '-c:v',
      'mjpeg',
      '-disposition:v',
      'attached_pic',
      '-id3v2_version',
      '3',
      '-metadata',
      `title=${tags.title}`,
      '-metadata',
      `artist=${tags.artist}`,
      '-metadata',
      `album=${tags.album}`,
      '-metadata',
      `track=${tags.track}`,
      '-metadata',
      `genre=${tags.genre}`,
      '-metadata',
      `date=${tags.year}`,
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

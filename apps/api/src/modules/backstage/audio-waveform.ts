import { spawn } from 'node:child_process';

/** Low rate mono PCM is enough for 200 peaks and keeps the decode cheap (2 cores shared). */
const SAMPLE_RATE = 8000;
const BUCKETS = 200;

export type DecodedAudio = { waveform: number[]; durationMs: number };

/**
 * Decodes any format ffmpeg reads to 8 kHz mono 16-bit PCM on a pipe and folds it into 200 peaks
 * (0..1, two decimals: what the player's seek bar draws) while streaming, so a long track never
 * sits in memory. Rejects when ffmpeg fails or the file holds no audio.
 */
export function decodeWaveform(filePath: string, ffmpegPath = 'ffmpeg'): Promise<DecodedAudio> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath,
      [
        '-v',
        'error',
        '-nostdin',
        '-i',
        filePath,
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        '-f',
        's16le',
        '-',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // Peaks per 1/100 s first (the total length is unknown while streaming), folded to 200 at the end.
    const fine: number[] = [];
    const fineSize = SAMPLE_RATE / 100;
    let current = 0;
    let inFine = 0;
    let samples = 0;
    let carry: Buffer | null = null;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const data = carry ? Buffer.concat([carry, chunk]) : chunk;
      const usable = data.length - (data.length % 2);
      for (let offset = 0; offset < usable; offset += 2) {
        const value = Math.abs(data.readInt16LE(offset)) / 32768;
        if (value > current) current = value;
        inFine += 1;
        if (inFine === fineSize) {
          fine.push(current);
          current = 0;
          inFine = 0;
        }
      }
      samples += usable / 2;
      carry = usable < data.length ? data.subarray(usable) : null;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (inFine > 0) fine.push(current);
      if (code !== 0 || samples === 0) {
        reject(new Error(`ffmpeg could not decode the audio: ${stderr.trim() || `exit ${code}`}`));
        return;
      }
      const size = fine.length / BUCKETS;
      const waveform: number[] = [];
      for (let b = 0; b < BUCKETS; b++) {
        let peak = 0;
        const end = Math.max(Math.floor(b * size) + 1, Math.floor((b + 1) * size));
        for (let i = Math.floor(b * size); i < Math.min(end, fine.length); i++)
          peak = Math.max(peak, fine[i] as number);
        waveform.push(Math.round(peak * 100) / 100);
      }
      resolve({ waveform, durationMs: Math.round((samples / SAMPLE_RATE) * 1000) });
    });
  });
}

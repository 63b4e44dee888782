import { describe, expect, it } from 'vitest';
import { albumLoudness, gainOf, parseEbur128Summary } from './replay-gain';

const SUMMARY = `[Parsed_ebur128_0 @ 0x55e554a897c0] Summary:

  Integrated loudness:
    I:         -12.1 LUFS
    Threshold: -22.1 LUFS

  Loudness range:
    LRA:         0.0 LU

  True peak:
    Peak:       -8.4 dBFS`;

describe('ReplayGain 2.0 from EBU R128', () => {
  it('reads the integrated loudness and the true peak of the summary', () => {
    expect(parseEbur128Summary(`frame lines...\n${SUMMARY}\n`)).toEqual({ lufs: -12.1, peak: 0.38 });
  });

  it('answers null without a summary or for silence (below the absolute gate)', () => {
    expect(parseEbur128Summary('Error opening input')).toBeNull();
    expect(parseEbur128Summary(SUMMARY.replace('-12.1 LUFS', '-70.0 LUFS'))).toBeNull();
    expect(parseEbur128Summary(SUMMARY.replace('-12.1 LUFS', '-inf LUFS'))).toBeNull();
  });

  it('gains bring a track to -18 LUFS', () => {
    expect(gainOf(-12.1)).toBe(-5.9);
    expect(gainOf(-23)).toBe(5);
  });

  it('an album is the duration-weighted energy mean of its tracks, its peak the highest', () => {
    expect(albumLoudness([])).toBeNull();
    const same = albumLoudness([
      { lufs: -14, peak: 0.5, durationMs: 1000 },
      { lufs: -14, peak: 0.9, durationMs: 3000 },
    ]);
    expect(same).toEqual({ lufs: -14, peak: 0.9 });
    // 10 LU apart, equal lengths: the loud one dominates (energy, not the mean of the dB values).
    const mixed = albumLoudness([
      { lufs: -10, peak: 1, durationMs: 1000 },
      { lufs: -20, peak: 0.2, durationMs: 1000 },
    ]);
    expect(mixed?.lufs).toBeCloseTo(-12.6, 1);
  });
});

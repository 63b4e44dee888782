import { describe, expect, it } from 'vitest';
import {
  isDataSaverWanted,
  loudnessFactor,
  loudnessGain,
  readDataSaverBitRate,
  streamQuery,
  withStreamQuery,
} from './listening-quality';

const gain = { track_gain: -6, track_peak: 0.9, album_gain: -4, album_peak: 0.95 };

describe('loudnessFactor', () => {
  it('applies the track or the album gain, nothing when off or unmeasured', () => {
    expect(loudnessFactor(gain, 'track')).toBeCloseTo(10 ** (-6 / 20), 6);
    expect(loudnessFactor(gain, 'album')).toBeCloseTo(10 ** (-4 / 20), 6);
    expect(loudnessFactor(gain, 'off')).toBe(1);
    expect(loudnessFactor(null, 'track')).toBe(1);
    expect(loudnessFactor({ ...gain, album_gain: null }, 'album')).toBeCloseTo(10 ** (-6 / 20), 6);
  });

  it('never lets the true peak pass full scale, and never raises above 1', () => {
    // +3 dB pre-amp on -2 dB: +1 dB, but a peak of 0.95 allows at most 1/0.95, and an element at most 1.
    expect(
      loudnessFactor({ ...gain, track_gain: -2, track_peak: 1.2 }, 'track', { preampDb: 3 }),
    ).toBeCloseTo(1 / 1.2, 6);
    expect(loudnessFactor({ ...gain, track_gain: 5 }, 'track')).toBe(1);
  });

  it('two tracks 10 LU apart come out 10 dB apart in level before the cap', () => {
    const loud = loudnessFactor({ ...gain, track_gain: -12 }, 'track');
    const quiet = loudnessFactor({ ...gain, track_gain: -2 }, 'track');
    expect(20 * Math.log10(quiet / loud)).toBeCloseTo(10, 6);
  });
});

describe('loudnessGain (Web Audio)', () => {
  it('raises a quiet track and adds the pre-amp, as far as its peak allows', () => {
    expect(loudnessGain({ ...gain, track_gain: 4, track_peak: 0.5 }, 'track')).toBeCloseTo(10 ** (4 / 20), 6);
    expect(loudnessGain({ ...gain, track_gain: 4, track_peak: 0.4 }, 'track', { preampDb: 3 })).toBeCloseTo(
      10 ** (7 / 20),
      6,
    );
    expect(loudnessGain({ ...gain, track_gain: 9, track_peak: 0.5 }, 'track')).toBeCloseTo(2, 6);
  });

  it('auto takes the album gain only while the album plays in order', () => {
    expect(loudnessGain(gain, 'auto', { isAlbumInOrder: true })).toBeCloseTo(10 ** (-4 / 20), 6);
    expect(loudnessGain(gain, 'auto', { isAlbumInOrder: false })).toBeCloseTo(10 ** (-6 / 20), 6);
    expect(loudnessGain(gain, 'auto')).toBeCloseTo(10 ** (-6 / 20), 6);
  });
});

describe('data saver', () => {
  it('is wanted on save-data, cellular and 3G or slower, not on wifi or without the API', () => {
    expect(isDataSaverWanted({ saveData: true })).toBe(true);
    expect(isDataSaverWanted({ type: 'cellular', effectiveType: '4g' })).toBe(true);
    expect(isDataSaverWanted({ effectiveType: '3g' })).toBe(true);
    expect(isDataSaverWanted({ type: 'wifi', effectiveType: '4g' })).toBe(false);
    expect(isDataSaverWanted(undefined)).toBe(false);
  });

  it('asks for the site data saver bitrate on the stream URL', () => {
    expect(readDataSaverBitRate({ transcoding: { data_saver_bitrate: 64 } })).toBe(64);
    expect(readDataSaverBitRate({})).toBe(96);
    const query = streamQuery({ isDataSaver: true, dataSaverBitRate: 64 });
    expect(withStreamQuery('/api/v1/tracks/1/stream', query)).toBe('/api/v1/tracks/1/stream?maxBitRate=64');
    expect(withStreamQuery('/a?x=1', query)).toBe('/a?x=1&maxBitRate=64');
    expect(withStreamQuery('/a', streamQuery({ isDataSaver: false, dataSaverBitRate: 64 }))).toBe('/a');
  });
});

import { describe, expect, it } from 'vitest';
import { chooseProfile } from './choose-profile';

const flac = { mime: 'audio/flac', extension: 'flac', bitrate: 900_000 };
const mp3At128 = { mime: 'audio/mpeg', extension: 'mp3', bitrate: 128_000 };
const noListener = { maxBitRate: null, format: null };

describe('chooseProfile', () => {
  it('keeps the original when nothing is asked', () => {
    expect(chooseProfile(flac, {}, noListener, 'opus')).toBeNull();
  });

  it('keeps an original at or below the limit, in the asked format or when none is asked', () => {
    expect(chooseProfile(mp3At128, { maxBitRate: 128 }, noListener, 'opus')).toBeNull();
    expect(chooseProfile(mp3At128, { maxBitRate: 320, format: 'mp3' }, noListener, 'opus')).toBeNull();
    expect(chooseProfile(mp3At128, { maxBitRate: 0 }, noListener, 'opus')).toBeNull();
  });

  it('transcodes a FLAC over the limit to the site format at the highest profile below it', () => {
    expect(chooseProfile(flac, { maxBitRate: 150 }, noListener, 'opus')).toMatchObject({
      format: 'opus',
      bitRate: 128,
      mime: 'audio/ogg',
    });
  });

  it('takes the lower of the request and the listener limit, and the listener format over the site', () => {
    expect(chooseProfile(flac, { maxBitRate: 320 }, { maxBitRate: 96, format: 'mp3' }, 'opus')).toMatchObject(
      {
        format: 'mp3',
        bitRate: 96,
      },
    );
  });

  it('converts an original that is another format than asked, at the default bitrate without a limit', () => {
    expect(chooseProfile(mp3At128, { format: 'aac' }, noListener, 'opus')).toMatchObject({
      format: 'aac',
      bitRate: 192,
    });
  });

  it('treats an unknown bitrate as not fitting a limit, and raw as the original always', () => {
    const unknown = { ...mp3At128, bitrate: null };
    expect(chooseProfile(unknown, { maxBitRate: 128 }, noListener, 'mp3')).toMatchObject({ bitRate: 128 });
    expect(chooseProfile(flac, { maxBitRate: 64, format: 'raw' }, noListener, 'opus')).toBeNull();
  });

  it('never upsamples: a 96 kbps mp3 under a 128 limit with mp3 asked stays as it is', () => {
    const mp3At96 = { ...mp3At128, bitrate: 96_000 };
    expect(chooseProfile(mp3At96, { maxBitRate: 128, format: 'mp3' }, noListener, 'opus')).toBeNull();
  });
});

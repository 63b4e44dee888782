// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseStrategy, isS3Driver, MULTIPART_MIN_SIZE, RESUMABLE_MIN_SIZE } from './strategy';

const local = {
  uploads_driver: 'local',
  public_driver: 'local',
  s3_direct_upload: false,
  disable_tus: false,
};
const s3 = { ...local, uploads_driver: 's3', s3_direct_upload: true };

describe('chooseStrategy', () => {
  it('follows the spec 9 thresholds', () => {
    expect(chooseStrategy(MULTIPART_MIN_SIZE, s3)).toBe('s3-multipart');
    expect(chooseStrategy(MULTIPART_MIN_SIZE - 1, s3)).toBe('s3-simple');
    expect(chooseStrategy(RESUMABLE_MIN_SIZE, local)).toBe('tus');
    expect(chooseStrategy(RESUMABLE_MIN_SIZE - 1, local)).toBe('form');
    expect(chooseStrategy(MULTIPART_MIN_SIZE * 10, { ...local, disable_tus: true })).toBe('form');
  });

  it('uses the driver of the disk the file goes to', () => {
    expect(chooseStrategy(10, s3, 'public')).toBe('form');
    expect(
      chooseStrategy(10, { ...local, public_driver: 'digitalocean_s3', s3_direct_upload: true }, 'public'),
    ).toBe('s3-simple');
  });

  it('never goes direct to S3 without an S3 driver and direct upload on', () => {
    const settings = fc.record({
      uploads_driver: fc.constantFrom('local', 's3', 'backblaze_s3', 'ftp'),
      public_driver: fc.constantFrom('local', 's3'),
      s3_direct_upload: fc.boolean(),
      disable_tus: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.nat({ max: 4 * MULTIPART_MIN_SIZE }), settings, (size, s) => {
        const kind = chooseStrategy(size, s);
        const isDirect = s.s3_direct_upload && isS3Driver(s.uploads_driver);
        expect(kind.startsWith('s3')).toBe(isDirect);
        if (kind === 's3-multipart') expect(size).toBeGreaterThanOrEqual(MULTIPART_MIN_SIZE);
        if (kind === 'tus') expect(!s.disable_tus && size >= RESUMABLE_MIN_SIZE).toBe(true);
        if (!isDirect && !s.disable_tus && size >= RESUMABLE_MIN_SIZE) expect(kind).toBe('tus');
      }),
    );
  });
});

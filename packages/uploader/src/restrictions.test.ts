// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIgnoredFile, matchesFileType, validateFile } from './restrictions';

const file = (name: string, mime: string, size = 10) => ({
  name,
  mime,
  size,
  extension: name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '',
});

describe('validateFile', () => {
  it('reports the size message with the name and a formatted limit', () => {
    expect(validateFile(file('big.png', 'image/png', 2097153), { maxFileSize: 2097152 })).toBe(
      '`big.png` exceeds maximum allowed size of 2 MB',
    );
    expect(validateFile(file('ok.png', 'image/png', 2097152), { maxFileSize: 2097152 })).toBeNull();
  });

  it('accepts only allowed types and refuses blocked ones', () => {
    const imagesOnly = { allowedFileTypes: ['image/*'] };
    expect(validateFile(file('a.png', 'image/png'), imagesOnly)).toBeNull();
    expect(validateFile(file('a.mp3', 'audio/mpeg'), imagesOnly)).toBe('This file type is not allowed');
    expect(validateFile(file('a.exe', 'application/x-msdownload'), { blockedFileTypes: ['.exe'] })).toBe(
      'This file type is not allowed',
    );
    expect(validateFile(file('a.txt', 'text/plain'), { blockedFileTypes: ['exe', 'image/*'] })).toBeNull();
  });

  it('passes anything without restrictions and translates messages', () => {
    expect(validateFile(file('a', '', 1e12), undefined)).toBeNull();
    expect(
      validateFile(file('a.mp3', 'audio/mpeg'), { allowedFileTypes: ['.flac'] }, (line) => `[${line}]`),
    ).toBe('[This file type is not allowed]');
  });

  it('never accepts a file larger than the limit and never refuses a smaller unrestricted one', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (size, limit) => {
        const message = validateFile(file('x.bin', 'application/octet-stream', size), { maxFileSize: limit });
        expect(message === null).toBe(size <= limit);
      }),
    );
  });
});

describe('matchesFileType', () => {
  it('matches mime wildcards, exact mimes and extensions case-insensitively', () => {
    expect(matchesFileType(file('A.JPG', 'image/jpeg'), 'IMAGE/*')).toBe(true);
    expect(matchesFileType(file('A.JPG', 'image/jpeg'), '.jpg')).toBe(true);
    expect(matchesFileType(file('a.jpg', 'image/jpeg'), 'image/png')).toBe(false);
    expect(matchesFileType(file('a.jpg', 'imagery/x'), 'image/*')).toBe(false);
    expect(matchesFileType(file('a.jpg', 'image/jpeg'), '')).toBe(false);
  });
});

it('ignores .DS_Store only', () => {
  expect(isIgnoredFile('.DS_Store')).toBe(true);
  expect(isIgnoredFile('DS_Store')).toBe(false);
  expect(isIgnoredFile('song.mp3')).toBe(false);
});

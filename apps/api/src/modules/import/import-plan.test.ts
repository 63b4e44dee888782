import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isImportable, nameKey, needsHashing, planFile, titleFromFileName } from './import-plan';

const statArb = fc.record({ size: fc.nat(1e9), mtimeMs: fc.nat(2e12) });
const shaArb = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 4, maxLength: 4 });

describe('import plan', () => {
  it('skips a known file whose size and mtime did not change, whatever else', () => {
    fc.assert(
      fc.property(statArb, shaArb, fc.nat(1000), (stat, sha, trackId) => {
        const ledger = { ...stat, sha256: sha, trackId: trackId + 1 };
        expect(needsHashing(ledger, stat)).toBe(false);
        expect(planFile(ledger, stat, null)).toBe('skip');
      }),
    );
  });

  it('updates when the content changed, only touches when it did not', () => {
    fc.assert(
      fc.property(statArb, statArb, shaArb, shaArb, (before, after, oldSha, newSha) => {
        const ledger = { ...before, sha256: oldSha, trackId: 1 };
        fc.pre(needsHashing(ledger, after));
        expect(planFile(ledger, after, newSha)).toBe(newSha === oldSha ? 'touch' : 'update');
        expect(planFile(null, after, newSha)).toBe('create');
      }),
    );
  });

  it('knows the audio extensions and derives titles and name keys', () => {
    expect(['a.MP3', 'b.flac', 'c.ogg', 'd.opus', 'e.m4a', 'f.wav'].every(isImportable)).toBe(true);
    expect(['cover.jpg', 'notes.txt', 'x.mp3.part'].some(isImportable)).toBe(false);
    expect(titleFromFileName('/music/03 - Come Together.mp3')).toBe('Come Together');
    expect(titleFromFileName('07_intro.wav')).toBe('intro');
    expect(nameKey('  The   Beatles ')).toBe(nameKey('the beatles'));
  });
});

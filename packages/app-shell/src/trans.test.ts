import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { setBootstrapData } from './bootstrap-store';
import { makeBootstrap } from './test/fixtures';
import { replacePlaceholders, trans } from './trans';

describe('trans', () => {
  beforeEach(() => {
    setBootstrapData(
      makeBootstrap({
        i18n: { id: 2, name: 'French', language: 'fr', lines: { 'Email sent': 'E-mail envoyé', Empty: '' } },
      }),
    );
  });

  it('uses the line of the active localization', () => {
    expect(trans('Email sent')).toBe('E-mail envoyé');
  });

  it('falls back to the key when there is no line (or an empty one)', () => {
    expect(trans('Upload timed out')).toBe('Upload timed out');
    expect(trans('Empty')).toBe('Empty');
  });

  it('replaces :placeholders with values and keeps unknown ones', () => {
    expect(trans('Enabled :service account', { service: 'google' })).toBe('Enabled google account');
    expect(trans(':file is :size but :unknown', { file: 'a.mp3', size: 3 })).toBe('a.mp3 is 3 but :unknown');
  });

  it('does not confuse a placeholder with a longer one', () => {
    expect(replacePlaceholders(':name and :names', { name: 'A', names: 'B' })).toBe('A and B');
  });

  it('does not touch object prototype keys', () => {
    expect(trans('constructor')).toBe('constructor');
    expect(replacePlaceholders(':toString', {})).toBe(':toString');
  });

  it('leaves a text without placeholders unchanged whatever the values', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes(':')),
        fc.dictionary(fc.string({ minLength: 1 }), fc.string()),
        (text, values) => replacePlaceholders(text, values) === text,
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOwnedByControl, isTypingTarget, shortcutFor } from './shortcut-map';

const press = (
  key: string,
  mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
) => shortcutFor({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('shortcutFor', () => {
  it('maps the music domain keyboard set', () => {
    expect(press(' ')).toBe('togglePlay');
    expect(press('k')).toBe('togglePlay');
    expect(press('K')).toBe('togglePlay');
    expect(press('ArrowLeft')).toBe('seekBack');
    expect(press('ArrowRight')).toBe('seekForward');
    expect(press('ArrowLeft', { shiftKey: true })).toBe('previous');
    expect(press('ArrowRight', { shiftKey: true })).toBe('next');
    expect(press('ArrowUp')).toBe('volumeUp');
    expect(press('ArrowDown')).toBe('volumeDown');
    expect(press('m')).toBe('toggleMute');
    expect(press('l')).toBe('like');
    expect(press('q')).toBe('toggleQueue');
    expect(press('/')).toBe('focusSearch');
    expect(press('?', { shiftKey: true })).toBe('showHelp');
  });

  it('leaves every browser shortcut alone', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 10 }),
        fc.constantFrom('ctrlKey', 'metaKey', 'altKey'),
        (key, mod) => {
          expect(press(key, { [mod]: true })).toBeNull();
        },
      ),
    );
  });
});

describe('isTypingTarget', () => {
  it('is true for text fields and editable content, false for buttons', () => {
    const input = document.createElement('input');
    expect(isTypingTarget(input)).toBe(true);
    const range = document.createElement('input');
    range.type = 'range';
    expect(isTypingTarget(range)).toBe(false);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('isOwnedByControl', () => {
  const input = (type: string) => Object.assign(document.createElement('input'), { type });

  it('leaves Space to a focused checkbox or button, and arrows still seek from them', () => {
    expect(isOwnedByControl(input('checkbox'), 'togglePlay')).toBe(true);
    expect(isOwnedByControl(document.createElement('button'), 'togglePlay')).toBe(true);
    expect(isOwnedByControl(input('checkbox'), 'seekBack')).toBe(false);
    expect(isOwnedByControl(document.createElement('div'), 'togglePlay')).toBe(false);
  });
});

export type TShortcutAction =
  | 'togglePlay'
  | 'seekBack'
  | 'seekForward'
  | 'previous'
  | 'next'
  | 'volumeUp'
  | 'volumeDown'
  | 'toggleMute'
  | 'like'
  | 'toggleQueue'
  | 'focusSearch'
  | 'showHelp';

export interface TKeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Which player action a key press means; null for anything else (and for browser shortcuts). */
export function shortcutFor(input: TKeyInput): TShortcutAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  if (input.shiftKey) {
    if (key === 'ArrowLeft') return 'previous';
    if (key === 'ArrowRight') return 'next';
    // "?" and "/" arrive shifted or not depending on the keyboard layout.
    if (key === '?') return 'showHelp';
    return null;
  }
  switch (key) {
    case ' ':
    case 'k':
      return 'togglePlay';
    case 'ArrowLeft':
      return 'seekBack';
    case 'ArrowRight':
      return 'seekForward';
    case 'ArrowUp':
      return 'volumeUp';
    case 'ArrowDown':
      return 'volumeDown';
    case 'm':
      return 'toggleMute';
    case 'l':
      return 'like';
    case 'q':
      return 'toggleQueue';
    case '/':
      return 'focusSearch';
    case '?':
      return 'showHelp';
    default:
      return null;
  }
}

const TYPING_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'password',
  'number',
  'url',
  'tel',
  'date',
  'time',
]);

/**
 * Keys typed into a field belong to the field. Buttons, sliders and links keep their own Space,
 * Enter and arrow meaning too, so only letters reach the player from them.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TYPING_INPUT_TYPES.has(target.type || 'text');
  return target.getAttribute('role') === 'textbox' || target.getAttribute('role') === 'combobox';
}

/** Space and arrows on a focused control act on that control (slider, menu, button). */
export function isOwnedByControl(target: EventTarget | null, action: TShortcutAction): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const isKeyOwned = ['togglePlay', 'seekBack', 'seekForward', 'volumeUp', 'volumeDown'].includes(action);
  if (!isKeyOwned) return false;
  const role = target.getAttribute('role');
  if (target instanceof HTMLInputElement && (target.type === 'range' || target.type === 'radio')) return true;
  // Space checks a box and presses a button: taken for play/pause, a keyboard user could not
  // tick "At this moment of the track" in a party's chat. Arrows still seek from them.
  const isToggle =
    (target instanceof HTMLInputElement && target.type === 'checkbox') ||
    target instanceof HTMLButtonElement ||
    role === 'checkbox' ||
    role === 'switch' ||
    role === 'button';
  if (isToggle && action === 'togglePlay') return true;
  return (
    role === 'slider' ||
    role === 'menuitem' ||
    role === 'option' ||
    role === 'tab' ||
    role === 'row' ||
    role === 'gridcell'
  );
}

// Apart from shortcut-map.ts (in the first download, it reads every key press): only the help
// dialog lists them, and it loads on "?".
/** Music domain "Keyboard", in the order the help dialog lists them. */
export const SHORTCUTS: { keys: string[]; label: string }[] = [
  { keys: ['Space', 'K'], label: 'Play / pause' },
  { keys: ['←', '→'], label: 'Seek 10 seconds back / forward' },
  { keys: ['Shift + ←', 'Shift + →'], label: 'Previous / next track' },
  { keys: ['↑', '↓'], label: 'Volume up / down' },
  { keys: ['M'], label: 'Mute / unmute' },
  { keys: ['L'], label: 'Like the playing track' },
  { keys: ['Q'], label: 'Show / hide the queue' },
  { keys: ['/'], label: 'Search' },
  { keys: ['?'], label: 'Keyboard shortcuts' },
];

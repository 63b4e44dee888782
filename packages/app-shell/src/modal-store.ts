import type { ReactNode } from 'react';

export interface ModalEntry {
  key: number;
  element: ReactNode;
}

type Listener = () => void;
type CloseFn<T> = (value?: T) => void;

let entries: ModalEntry[] = [];
let nextKey = 0;
const listeners = new Set<Listener>();

function publish(next: ModalEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

/**
 * Opens a dialog from anywhere (outside React too). `render` receives `close`, which settles the
 * returned promise with the value it is given; dismissing without a value gives undefined.
 */
export function openDialog<T = unknown>(render: (close: CloseFn<T>) => ReactNode): Promise<T | undefined> {
  const key = nextKey++;
  return new Promise((resolve) => {
    const close: CloseFn<T> = (value) => {
      publish(entries.filter((entry) => entry.key !== key));
      resolve(value);
    };
    publish([...entries, { key, element: render(close) }]);
  });
}

export function closeAllDialogs(): void {
  publish([]);
}

export function getDialogs(): ModalEntry[] {
  return entries;
}

export function subscribeDialogs(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

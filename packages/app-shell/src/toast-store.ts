/** Spec 4: the three toast types. */
export type ToastType = 'positive' | 'danger' | 'loading';

export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ToastState {
  id: string;
  message: string;
  type: ToastType;
  /** Milliseconds before it closes itself; null stays until replaced or dismissed. */
  duration: number | null;
  action?: ToastAction;
}

export interface ToastOptions {
  id?: string;
  type?: ToastType;
  duration?: number | null;
  action?: ToastAction;
}

/** Spec 9: 3000 ms positive, 8000 ms danger, none for loading. */
export const TOAST_DURATIONS: Record<ToastType, number | null> = {
  positive: 3000,
  danger: 8000,
  loading: null,
};

type Listener = () => void;

let current: ToastState | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let counter = 0;
const listeners = new Set<Listener>();

function update(next: ToastState | null): void {
  clearTimeout(timer);
  timer = undefined;
  current = next;
  if (next?.duration != null) {
    const { id } = next;
    timer = setTimeout(() => dismissToast(id), next.duration);
  }
  for (const listener of listeners) listener();
}

/** Spec 4: one toast at a time: a new toast (or one with the same id) replaces the old. */
export function showToast(message: string, options: ToastOptions = {}): string {
  const type = options.type ?? 'positive';
  const id = options.id ?? `toast-${++counter}`;
  const duration = options.duration !== undefined ? options.duration : TOAST_DURATIONS[type];
  update({ id, message, type, duration, action: options.action });
  return id;
}

/** Closes the visible toast; with an id, only if that toast is still the visible one. */
export function dismissToast(id?: string): void {
  if (!current) return;
  if (id !== undefined && current.id !== id) return;
  update(null);
}

export function getToast(): ToastState | null {
  return current;
}

export function subscribeToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type TypedToast = (message: string, options?: Omit<ToastOptions, 'type'>) => string;

export const toast: ((message: string, options?: ToastOptions) => string) & {
  positive: TypedToast;
  danger: TypedToast;
  loading: TypedToast;
  dismiss: (id?: string) => void;
} = Object.assign((message: string, options?: ToastOptions) => showToast(message, options), {
  positive: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    showToast(message, { ...options, type: 'positive' }),
  danger: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    showToast(message, { ...options, type: 'danger' }),
  loading: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    showToast(message, { ...options, type: 'loading' }),
  dismiss: dismissToast,
});

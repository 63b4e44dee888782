/**
 * An async load run on first use and shared by every caller after it. A load that fails is
 * forgotten, so the next caller tries again instead of getting the same rejection for the life
 * of the process (a missing folder created later, a peer that was briefly down).
 */
export interface LoadOnce<T> {
  (): Promise<T>;
  /** The load in progress or done, if one was started; never starts one. */
  started(): Promise<T> | undefined;
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let pending: Promise<T> | undefined;
  const get = () => {
    if (!pending) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = undefined;
      });
    }
    return pending;
  };
  return Object.assign(get, { started: () => pending });
}

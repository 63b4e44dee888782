/** Joins the truthy class names (the admin app has no clsx of its own). */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

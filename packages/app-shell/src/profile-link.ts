import { slugifyName } from '@cadence/contracts/slug';

export { slugifyName };

/** Spec 2.5: /user/{id}/{slug}. */
export function profileLink(user: { id: number; name: string }): string {
  return `/user/${user.id}/${slugifyName(user.name)}`;
}

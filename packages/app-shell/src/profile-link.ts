/** Spec 2.5: lowercased, words joined by hyphens, special characters removed. */
export function slugifyName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean)
    .join('-');
}

/** Spec 2.5: /user/{id}/{slug}. */
export function profileLink(user: { id: number; name: string }): string {
  return `/user/${user.id}/${slugifyName(user.name)}`;
}

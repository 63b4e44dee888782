/**
 * Spec 2.5: a name as it appears in an address, lowercased, words joined by hyphens, special
 * characters removed. One spelling for the player's links, the api's canonical URLs and sitemap,
 * and the benchmarks that request those pages.
 */
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

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 64;

/** Lowercased words of letters and digits: the only characters that reach `to_tsquery`. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/** `"the beat"` -> `"the:* & beat:*"`: every word may be a prefix, all must match. Null when nothing is left. */
export function prefixTsQuery(text: string): string | null {
  const words = searchWords(text);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

/** The text compared by trigram similarity: words joined by single spaces. */
export function trigramTerm(text: string): string {
  return searchWords(text).join(' ');
}

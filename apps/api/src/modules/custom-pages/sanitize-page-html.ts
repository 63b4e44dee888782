import type SanitizeHtml from 'sanitize-html';
import { lazyRequire } from '../../platform/lazy-require';

/** sanitize-html and its parser (about 6 MiB) load with the first page body, not at start. */
const sanitizeHtml = lazyRequire<typeof SanitizeHtml>('sanitize-html');

/**
 * What a custom page body may contain: the rich-text editor's output (headings, lists, links,
 * quotes, code, images). Scripts, styles, frames, forms, event handlers and any url scheme but
 * http(s), mailto and tel are removed. Run on save and again on every read.
 */
const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'mark',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // An image the author gave no text is treated as decoration rather than read as its file name.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === '_blank'
          ? { ...attribs, rel: 'noopener noreferrer' }
          : Object.fromEntries(Object.entries(attribs).filter(([name]) => name !== 'target')),
    }),
  },
};

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml()(html, OPTIONS);
}

/** The body as plain text (a description when the page has none). */
export function pageText(html: string): string {
  return sanitizeHtml()(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

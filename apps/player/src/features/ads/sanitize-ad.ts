import DOMPurify from 'dompurify';

/**
 * Ad code is admin-entered HTML, but it is rendered into every listener's page: scripts,
 * event handlers and javascript: URLs are stripped; links open in a new tab.
 */
export function sanitizeAd(html: string): string {
  return DOMPurify.sanitize(html, {
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form'],
  });
}

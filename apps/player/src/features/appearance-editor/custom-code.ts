import { assetUrl } from '@cadence/app-shell/asset-url';
import {
  getBootstrapData,
  hasBootstrapData,
  subscribeBootstrapData,
} from '@cadence/app-shell/bootstrap-store';

const STYLE_ID = 'be-custom-css';
const HTML_ID = 'be-custom-html';

function readCustomCode(): { css: string; html: string; favicon: string } {
  if (!hasBootstrapData()) return { css: '', html: '', favicon: '' };
  const settings = getBootstrapData().settings;
  const code = (settings as { custom_code?: { css?: unknown; html?: unknown } }).custom_code;
  return {
    css: typeof code?.css === 'string' ? code.css : '',
    html: typeof code?.html === 'string' ? code.html : '',
    favicon: settings.branding.favicon,
  };
}

/** The admin's favicon replaces the bundled one (an empty setting keeps the bundled one). */
function applyFavicon(doc: Document, favicon: string) {
  if (!favicon) return;
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]'))
    link.href = assetUrl(favicon);
}

/** The nonce the page's own inline scripts were allowed by (the CSP's), if the api gave one. */
function pageNonce(doc: Document): string {
  return doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

function applyCss(doc: Document, css: string) {
  let style = doc.getElementById(STYLE_ID);
  if (!css) {
    style?.remove();
    return;
  }
  if (!style) {
    style = doc.createElement('style');
    style.id = STYLE_ID;
    doc.head.append(style);
  }
  style.textContent = css;
}

/**
 * The admin's HTML goes at the end of the body. Scripts inserted as markup never run, so each is
 * recreated; it carries the page's nonce because the admin's code is trusted like the page itself.
 */
function applyHtml(doc: Document, html: string) {
  doc.getElementById(HTML_ID)?.remove();
  if (!html) return;
  const container = doc.createElement('div');
  container.id = HTML_ID;
  container.innerHTML = html;
  const nonce = pageNonce(doc);
  for (const inert of container.querySelectorAll('script')) {
    const script = doc.createElement('script');
    for (const attribute of inert.attributes) script.setAttribute(attribute.name, attribute.value);
    if (nonce) script.nonce = nonce;
    script.textContent = inert.textContent;
    inert.replaceWith(script);
  }
  doc.body.append(container);
}

/**
 * Spec 2.12 custom code: the admin's CSS in the head and HTML in the body (and the favicon), kept
 * in step with bootstrap data.
 */
export function startCustomCode(doc: Document = document): () => void {
  let applied = { css: '', html: '', favicon: '' };
  const sync = () => {
    const next = readCustomCode();
    if (next.css !== applied.css) applyCss(doc, next.css);
    if (next.html !== applied.html) applyHtml(doc, next.html);
    if (next.favicon !== applied.favicon) applyFavicon(doc, next.favicon);
    applied = next;
  };
  sync();
  return subscribeBootstrapData(sync);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** A minimal HTML body that renders in every mail client: one column, inline styles only. */
export function htmlLayout(siteName: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;background:#f9fafb;padding:24px"><div style="max-width:480px;margin:0 auto;background:#fff;padding:24px;border-radius:8px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(siteName)}</h1>${body}</div></body></html>`;
}

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { entryAfterPaint } from './build/entry-after-paint.ts';
import { entryKeepsOut } from './build/entry-keeps-out.ts';
import { firstPageChunks } from './build/first-page-chunks.ts';
import { serviceWorker } from './build/service-worker.ts';

const API_URL = 'http://localhost:3000';
const apiProxy = Object.fromEntries(
  ['/api', '/auth', '/secure', '/health', '/ready', '/api-docs'].map((path) => [path, API_URL]),
);

/**
 * Vite writes the stylesheet after the entry script and its ~20 modulepreloads. Over HTTP/1.1's six
 * connections per host it then waits behind scripts, and the first paint (the layout skeleton of
 * index.html) waits for it: the stylesheet goes first, ahead of every script.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'cadence:stylesheet-first',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        const rest = stylesheets.reduce((page, link) => page.replace(link, ''), html);
        const firstScript = rest.indexOf('<script type="module"');
        if (stylesheets.length === 0 || firstScript === -1) return html;
        return `${rest.slice(0, firstScript)}${stylesheets.map((link) => link.trim()).join('\n    ')}\n    ${rest.slice(firstScript)}`;
      },
    },
  };
}

export default defineConfig({
  base: '/',
  // .br/.gz beside each asset at maximum quality, served by the api's static plugin as they are;
  // index.html is left out: the api injects bootstrap data into it on every request.
  plugins: [
    react(),
    tailwindcss(),
    stylesheetFirst(),
    // After stylesheetFirst, which places the stylesheet by the entry script this turns into a link.
    entryAfterPaint(),
    firstPageChunks(),
    entryKeepsOut(),
    compression({ include: /\.(js|css|svg|json|txt|xml)$/, threshold: 1024 }),
    serviceWorker(),
  ],
  build: {
    rolldownOptions: {
      // Every module the first page needs anyway (the entry's static imports) in one chunk: the
      // same bytes as ~25 small shared chunks, in one request instead of waves of six.
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 5173, strictPort: true, proxy: apiProxy },
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

/** Deeper than any contract nests, far below what a recursive walk of the parsed body can take. */
export const MAX_JSON_DEPTH = 64;
/** Object keys in one body: the largest contract (500 localization lines) stays well within it. */
export const MAX_JSON_KEYS = 10_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPENERS = new Set([0x7b, 0x5b]);
const CLOSERS = new Set([0x7d, 0x5d]);

/**
 * Why a JSON text nests too deep or holds too many keys, or null when it is within bounds.
 * One pass over the characters, no recursion and no parse, so no body can exhaust the stack
 * here; a colon outside a string is a key.
 */
export function jsonBoundsBreach(
  text: string,
  limits = { depth: MAX_JSON_DEPTH, keys: MAX_JSON_KEYS },
): string | null {
  let depth = 0;
  let keys = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isInString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) isInString = false;
    } else if (code === QUOTE) {
      isInString = true;
    } else if (OPENERS.has(code)) {
      depth += 1;
      if (depth > limits.depth) return `The request body nests deeper than ${limits.depth} levels.`;
    } else if (CLOSERS.has(code)) {
      depth -= 1;
    } else if (code === COLON) {
      keys += 1;
      if (keys > limits.keys) return `The request body has more than ${limits.keys} keys.`;
    }
  }
  return null;
}

/**
 * Every route's JSON bodies are bounded in nesting and key count before they are parsed, so a
 * deep body answers 422 instead of overflowing the stack of whatever walks it later. The rest
 * (empty bodies, `__proto__` keys, syntax errors) is Fastify's own parser, unchanged.
 */
export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
    const parseJson = app.getDefaultJsonParser(
      onProtoPoisoning ?? 'error',
      onConstructorPoisoning ?? 'error',
    );
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const breach = jsonBoundsBreach(body as string);
      if (breach) return done(new AppError('validation', breach, { body: breach }), undefined);
      return parseJson(request, body as string, done);
    });
  },
  { name: 'json-body' },
);

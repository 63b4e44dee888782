import type { FastifyReply } from 'fastify';

export const SUBSONIC_API_VERSION = '1.16.1';
export const SUBSONIC_SERVER_TYPE = 'cadence';
const NAMESPACE = 'http://subsonic.org/restapi';

/**
 * A Subsonic payload: primitives become XML attributes (JSON fields), objects child elements,
 * arrays repeated elements, and `value` an element's text (Navidrome's JSON shape for genres
 * and lyrics). Key order is element order, which the schema's sequences check.
 */
export type SubsonicValue = string | number | boolean | null | undefined | SubsonicNode | SubsonicNode[];
export type SubsonicNode = { [key: string]: SubsonicValue | string[] | number[] };

/** The errors of the Subsonic API, with the codes clients switch on. */
export const SUBSONIC_ERRORS = {
  generic: 0,
  missing_parameter: 10,
  client_too_old: 20,
  server_too_old: 30,
  wrong_credentials: 40,
  token_auth_unsupported: 41,
  not_authorized: 50,
  trial_expired: 60,
  not_found: 70,
} as const;
export type SubsonicErrorKind = keyof typeof SUBSONIC_ERRORS;

export class SubsonicError extends Error {
  readonly code: number;
  constructor(kind: SubsonicErrorKind, message: string) {
    super(message);
    this.name = 'SubsonicError';
    this.code = SUBSONIC_ERRORS[kind];
  }
}

export type SubsonicFormat = { kind: 'xml' } | { kind: 'json' } | { kind: 'jsonp'; callback: string };

/** A JavaScript identifier path (`cb`, `jQuery123_45`, `ns.cb`): nothing else is echoed into script. */
const CALLBACK = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

export function isCallbackName(value: string): boolean {
  return value.length <= 128 && CALLBACK.test(value);
}

// Characters XML 1.0 cannot carry (control characters) are dropped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
const XML_UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
const XML_SPECIAL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** Most names and ids need no escaping: one scan for them instead of five replacements. */
const escapeXml = (value: string) =>
  XML_SPECIAL.test(value)
    ? value
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(XML_UNSAFE, '')
    : value;

/** Numbers and booleans never need escaping (a 500-song page has thousands of them). */
const xmlText = (value: unknown) => (typeof value === 'string' ? escapeXml(value) : String(value));

const isNode = (value: unknown): value is SubsonicNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `toJSON` lives on the prototype: JSON.stringify calls it, the XML writer's `for...in` never sees it. */
class TextElement {
  constructor(readonly $text: string) {}
  toJSON() {
    return this.$text;
  }
}

class JsonOnly {
  constructor(readonly $json: SubsonicValue) {}
  toJSON() {
    return this.$json;
  }
}

/**
 * A child element holding only text (`<biography>...</biography>`), which JSON spells as a plain
 * string field (`"biography": "..."`), unlike `value` (text beside attributes).
 */
export const textElement = (text: string | null | undefined): SubsonicNode | undefined =>
  text ? (new TextElement(text) as unknown as SubsonicNode) : undefined;
const isText = (value: SubsonicNode): value is { $text: string } => typeof value.$text === 'string';

/**
 * An OpenSubsonic field that only the JSON answer carries (`replayGain` on songs, `readonly` on
 * playlists): the 1.16.1 schema the XML answers are valid against has no such attribute or
 * element, and strict XML clients reject unknown ones. JSON clients ignore what they do not know.
 */
export const jsonOnly = (value: SubsonicValue): SubsonicNode | undefined =>
  value === undefined || value === null ? undefined : (new JsonOnly(value) as unknown as SubsonicNode);
const isJsonOnly = (value: SubsonicNode): value is { $json: SubsonicValue } => '$json' in value;

// The writers walk the payload once with `for...in` and build the text directly: a 500-song page
// spent most of its serialisation copying the tree (Object.entries, a pruned copy for JSON) and
// running five regular expressions over every attribute.
function element(name: string, node: SubsonicNode, extra = ''): string {
  let attributes = extra;
  let children = '';
  let text = '';
  for (const key in node) {
    const value = node[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value)
        children += isNode(item) ? element(key, item) : `<${key}>${xmlText(item)}</${key}>`;
    } else if (typeof value === 'object') {
      if (isJsonOnly(value)) continue;
      children += isText(value) ? `<${key}>${escapeXml(value.$text)}</${key}>` : element(key, value);
    } else if (key === 'value') {
      text = xmlText(value);
    } else {
      attributes += ` ${key}="${xmlText(value)}"`;
    }
  }
  const body = children + text;
  return body ? `<${name}${attributes}>${body}</${name}>` : `<${name}${attributes}/>`;
}

/** JSON leaves out the unset fields XML leaves out, so both carry the same content. */
const withoutNulls = (_key: string, value: unknown) => (value === null ? undefined : value);

function envelope(status: 'ok' | 'failed', serverVersion: string): SubsonicNode {
  return {
    status,
    version: SUBSONIC_API_VERSION,
    type: SUBSONIC_SERVER_TYPE,
    serverVersion,
    openSubsonic: true,
  };
}

export type SubsonicReplyOptions = { format: SubsonicFormat; serverVersion: string };

/** Writes one answer; Subsonic answers 200 even when it failed (the error is in the body). */
export function sendSubsonic(
  reply: FastifyReply,
  options: SubsonicReplyOptions,
  body: SubsonicNode,
  status: 'ok' | 'failed' = 'ok',
): FastifyReply {
  const root = { ...envelope(status, options.serverVersion), ...body };
  const { format } = options;
  reply.status(200).header('cache-control', 'no-store');
  if (format.kind === 'xml') {
    const xml = element('subsonic-response', root, ` xmlns="${NAMESPACE}"`);
    return reply
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
  }
  // Native JSON.stringify of the tree: the wrappers answer for themselves (`toJSON`), so no copy
  // of the tree is made; a 500-song page took twice as long through a pruned copy.
  const json = JSON.stringify({ 'subsonic-response': root }, withoutNulls);
  if (format.kind === 'jsonp') {
    return reply
      .type('application/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .send(`${format.callback}(${json});`);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

export function sendSubsonicError(
  reply: FastifyReply,
  options: SubsonicReplyOptions,
  error: { code: number; message: string },
): FastifyReply {
  return sendSubsonic(reply, options, { error: { code: error.code, message: error.message } }, 'failed');
}

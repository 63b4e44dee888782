import fc from 'fast-check';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  jsonOnly,
  type SubsonicFormat,
  type SubsonicNode,
  type SubsonicValue,
  sendSubsonic,
  textElement,
} from './subsonic-response';

/** What the writers answered before they were rewritten for speed: the oracle the new ones must match. */
const oracle = (() => {
  const escapeXml = (value: string) =>
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the writer's own rule
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
  const isNode = (value: unknown): value is SubsonicNode =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const isText = (value: SubsonicNode): value is { $text: string } => typeof value.$text === 'string';
  const isJsonOnly = (value: SubsonicNode): value is { $json: SubsonicValue } => '$json' in value;
  function element(name: string, node: SubsonicNode, extra = ''): string {
    let attributes = extra;
    let children = '';
    let text = '';
    for (const [key, value] of Object.entries(node)) {
      if (value === undefined || value === null) continue;
      if (key === 'value' && !isNode(value) && !Array.isArray(value)) text = escapeXml(String(value));
      else if (Array.isArray(value)) {
        for (const item of value)
          children += isNode(item) ? element(key, item) : `<${key}>${escapeXml(String(item))}</${key}>`;
      } else if (isNode(value)) {
        if (isJsonOnly(value)) continue;
        children += isText(value) ? `<${key}>${escapeXml(value.$text)}</${key}>` : element(key, value);
      } else attributes += ` ${key}="${escapeXml(String(value))}"`;
    }
    const body = children + text;
    return body ? `<${name}${attributes}>${body}</${name}>` : `<${name}${attributes}/>`;
  }
  function pruned(node: SubsonicNode): SubsonicNode {
    const out: SubsonicNode = {};
    for (const [key, value] of Object.entries(node)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) out[key] = value.map((item) => (isNode(item) ? pruned(item) : item)) as never;
      else if (isNode(value) && isJsonOnly(value)) {
        const inner = value.$json;
        if (inner !== undefined && inner !== null)
          out[key] = isNode(inner) ? pruned(inner) : (inner as never);
      } else if (isNode(value)) out[key] = isText(value) ? value.$text : pruned(value);
      else out[key] = value;
    }
    return out;
  }
  return {
    xml: (root: SubsonicNode) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n${element('subsonic-response', root, ' xmlns="http://subsonic.org/restapi"')}`,
    json: (root: SubsonicNode) => JSON.stringify({ 'subsonic-response': pruned(root) }),
  };
})();

function written(format: SubsonicFormat, body: SubsonicNode): string {
  let sent = '';
  const reply = {
    status: () => reply,
    header: () => reply,
    type: () => reply,
    send: (text: string) => {
      sent = text;
      return reply;
    },
  };
  sendSubsonic(reply as unknown as FastifyReply, { format, serverVersion: '9.9.9' }, body);
  return sent;
}

const envelope = {
  status: 'ok',
  version: '1.16.1',
  type: 'cadence',
  serverVersion: '9.9.9',
  openSubsonic: true,
};

const KEYS = ['id', 'name', 'value', 'song', 'album', 'starred', 'year', 'replayGain', 'readonly', '0'];
const text = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'AC/DC & <friends>',
    'say "hi"',
    'tab\there\u0001\u001f',
    'caf\u00e9 \ud83c\udfb5',
    '\ufffe',
  ),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const { node } = fc.letrec<{ node: SubsonicNode; value: SubsonicValue }>((tie) => ({
  node: fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 6 }),
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('node'),
    // Mixed arrays are more than the type allows, and the writers must still agree on them.
    fc
      .array(fc.oneof(tie('node'), fc.string(), fc.integer()), { maxLength: 4 })
      .map((items) => items as SubsonicValue),
    text.map((value) => textElement(value)),
    fc.oneof(scalar, tie('node')).map((value) => jsonOnly(value as SubsonicValue)),
  ),
}));

describe('sendSubsonic', () => {
  it('writes the same XML and JSON as the tree-copying writers did, for any payload', () => {
    fc.assert(
      fc.property(node, (body) => {
        const root = { ...envelope, ...body };
        expect(written({ kind: 'xml' }, body)).toBe(oracle.xml(root));
        expect(written({ kind: 'json' }, body)).toBe(oracle.json(root));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves JSON-only fields out of XML and text elements as plain strings in JSON', () => {
    const body = {
      song: [{ id: 'tr-1', title: 'A & B', replayGain: jsonOnly({ trackGain: -7.5, albumGain: null }) }],
      artistInfo2: { biography: textElement('Born <here>'), musicBrainzId: null },
    };
    expect(written({ kind: 'xml' }, body)).toContain(
      '<song id="tr-1" title="A &amp; B"/><artistInfo2><biography>Born &lt;here&gt;</biography></artistInfo2>',
    );
    const json = JSON.parse(written({ kind: 'json' }, body))['subsonic-response'];
    expect(json.song).toEqual([{ id: 'tr-1', title: 'A & B', replayGain: { trackGain: -7.5 } }]);
    expect(json.artistInfo2).toEqual({ biography: 'Born <here>' });
  });
});

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCHEMA = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'test-fixtures/subsonic-rest-api-1.16.1.xsd',
);
/** OpenSubsonic's root attributes: required by OpenSubsonic, unknown to the 1.16.1 schema. */
const OPEN_SUBSONIC_ROOT = / (type|serverVersion|openSubsonic)="[^"]*"/g;

/**
 * Validates a Subsonic XML answer with `xmllint --schema` against the schema subsonic.org
 * publishes. The three OpenSubsonic attributes of the root are checked present, then removed
 * first: the 1.16.1 schema predates them and allows no extra attribute.
 */
export async function assertValidXml(xml: string): Promise<void> {
  const root = /<subsonic-response[^>]*>/.exec(xml)?.[0] ?? '';
  for (const name of ['type', 'serverVersion', 'openSubsonic']) {
    if (!root.includes(` ${name}="`)) throw new Error(`root lacks ${name}: ${root}`);
  }
  const plain = xml.replace(root, root.replace(OPEN_SUBSONIC_ROOT, ''));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'subsonic-xml-'));
  const file = path.join(dir, 'answer.xml');
  try {
    await writeFile(file, plain);
    await run('/usr/bin/xmllint', ['--noout', '--nonet', '--schema', SCHEMA, file]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`invalid against the Subsonic schema:\n${stderr}\n${plain.slice(0, 2000)}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type Credentials = { u: string; password: string } | { apiKey: string };

/** A minimal Subsonic client over fetch: token auth by default, like most apps. */
export function subsonicClient(baseUrl: string, credentials: Credentials) {
  function authParams(mode: 'token' | 'plain' | 'enc' = 'token'): Record<string, string> {
    if ('apiKey' in credentials) return { apiKey: credentials.apiKey };
    if (mode === 'plain') return { u: credentials.u, p: credentials.password };
    if (mode === 'enc')
      return { u: credentials.u, p: `enc:${Buffer.from(credentials.password).toString('hex')}` };
    const s = Math.random().toString(36).slice(2, 10);
    const t = createHash('md5')
      .update(credentials.password + s)
      .digest('hex');
    return { u: credentials.u, t, s };
  }

  function url(
    method: string,
    params: Record<string, string | string[]> = {},
    mode?: 'token' | 'plain' | 'enc',
  ) {
    const search = new URLSearchParams({ v: '1.16.1', c: 'cadence-test', ...authParams(mode) });
    for (const [key, value] of Object.entries(params)) {
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
    }
    return `${baseUrl}/rest/${method}.view?${search}`;
  }

  /** The JSON answer's `subsonic-response`. */
  async function json(method: string, params: Record<string, string | string[]> = {}) {
    const response = await fetch(url(method, { ...params, f: 'json' }));
    if (response.status !== 200) throw new Error(`${method}: HTTP ${response.status}`);
    const body = (await response.json()) as { 'subsonic-response': Record<string, unknown> };
    return body['subsonic-response'] as Record<string, unknown> & {
      status: string;
      error?: { code: number };
    };
  }

  /** The XML answer, validated against the schema. */
  async function xml(method: string, params: Record<string, string | string[]> = {}) {
    const response = await fetch(url(method, params));
    if (response.status !== 200) throw new Error(`${method}: HTTP ${response.status}`);
    const text = await response.text();
    await assertValidXml(text);
    return text;
  }

  return { url, json, xml, authParams };
}

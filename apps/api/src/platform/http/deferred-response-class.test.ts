import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('./deferred-response-class.ts', import.meta.url));
const UNDICI = 'NativeModule internal/deps/undici/undici';

/** Runs `body` in a fresh Node (its own globals and module list) after deferResponseClass(). */
function inFreshNode(body: string): unknown {
  const script = `
    const { deferResponseClass } = await import(${JSON.stringify(MODULE)});
    const loaded = () => process.moduleLoadList.includes(${JSON.stringify(UNDICI)});
    deferResponseClass();
    const out = await (async () => { ${body} })();
    console.log(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? 'null');
}

describe('deferResponseClass', () => {
  it('answers instanceof for what is no Response without loading undici', () => {
    const out = inFreshNode(`
      const before = loaded();
      const answers = [Buffer.from('x'), 'text', null, {}, new Map()].map((v) => v instanceof Response);
      return { before, answers, after: loaded() };`);
    expect(out).toEqual({ before: false, answers: [false, false, false, false, false], after: false });
  });

  it('gives the real class to whoever builds a Response, and recognises its instances', () => {
    const out = inFreshNode(`
      const response = new Response('hello', { status: 201 });
      const json = Response.json({ a: 1 });
      return {
        loaded: loaded(),
        isReal: globalThis.Response === response.constructor,
        instance: response instanceof Response && json instanceof Response,
        status: response.status,
        text: await response.text(),
        buffer: Buffer.from('x') instanceof Response,
      };`);
    expect(out).toEqual({
      loaded: true,
      isReal: true,
      instance: true,
      status: 201,
      text: 'hello',
      buffer: false,
    });
  });

  it('recognises the Responses of fetch while the stand-in is still in place', () => {
    const out = inFreshNode(`
      const { createServer } = await import('node:http');
      const server = createServer((_req, res) => res.end('ok'));
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const response = await fetch('http://127.0.0.1:' + server.address().port + '/');
      const result = { instance: response instanceof Response, body: await response.text() };
      server.close();
      return result;`);
    expect(out).toEqual({ instance: true, body: 'ok' });
  });

  it('keeps subclasses their own instanceof', () => {
    const out = inFreshNode(`
      class Mine extends Response {}
      return { mine: new Mine('a') instanceof Mine, plain: new Response('b') instanceof Mine };`);
    expect(out).toEqual({ mine: true, plain: false });
  });
});

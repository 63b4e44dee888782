import type { TDebugTrace } from '@cadence/contracts/errors';

const FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

/** Debug-mode payload for the full-screen error dialog; never built outside APP_DEBUG. */
export function buildDebugTrace(error: Error): TDebugTrace {
  const trace = (error.stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => FRAME.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, fn, file = '', line, column]) => ({
      file,
      line: Number(line),
      column: Number(column),
      function: fn,
      vendor: file.includes('node_modules') || file.startsWith('node:'),
    }));
  const first = trace[0];
  return {
    exception: error.name || 'Error',
    message: error.message,
    file: first?.file,
    line: first?.line,
    trace,
  };
}

import type { TDebugTrace } from '@cadence/contracts/errors';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBootstrapData } from './bootstrap-store';
import { showErrorDialog } from './error-dialog';
import { formatTraceLog, groupFrames } from './error-trace';
import { ModalHost } from './modal-host';
import { closeAllDialogs } from './modal-store';
import { makeBootstrap } from './test/fixtures';

const trace: TDebugTrace = {
  exception: 'TypeError',
  message: "Cannot read properties of undefined (reading 'id')",
  file: 'src/modules/tracks/track.service.ts',
  line: 42,
  trace: [
    { file: 'src/modules/tracks/track.service.ts', line: 42, function: 'getTrack', vendor: false },
    { file: 'node_modules/fastify/lib/handle.js', line: 10, vendor: true },
    { file: 'node_modules/fastify/lib/hooks.js', line: 20, vendor: true },
    { file: 'src/app.ts', line: 5, function: 'handler', vendor: false },
    { file: 'node:internal/process', line: 1, vendor: true },
  ],
  snippet: {
    startLine: 41,
    lines: ['  const row = await repo.find(id);', '  return row.id;', '}'],
    highlightLine: 42,
  },
};

describe('groupFrames', () => {
  it('folds consecutive vendor frames into one group', () => {
    const groups = groupFrames(trace.trace);
    expect(groups.map((group) => (group.kind === 'app' ? 'app' : `vendor×${group.frames.length}`))).toEqual([
      'app',
      'vendor×2',
      'app',
      'vendor×1',
    ]);
  });

  it('writes a log with the exception, every frame and the snippet', () => {
    const log = formatTraceLog(trace);
    expect(log).toContain("TypeError: Cannot read properties of undefined (reading 'id')");
    expect(log).toContain('at getTrack (src/modules/tracks/track.service.ts:42)');
    expect(log).toContain('node_modules/fastify/lib/hooks.js:20 [vendor]');
    expect(log).toContain('>    42 |   return row.id;');
  });
});

describe('full-screen error dialog (spec 2.3)', () => {
  beforeEach(() => setBootstrapData(makeBootstrap()));
  afterEach(() => {
    act(() => closeAllDialogs());
    cleanup();
  });

  it('shows name, message, snippet and app frames, with vendor frames collapsed until toggled', async () => {
    render(<ModalHost />);
    act(() => void showErrorDialog(trace));
    expect(await screen.findByText('TypeError')).toBeTruthy();
    expect(screen.getByRole('heading', { name: trace.message })).toBeTruthy();
    expect(document.querySelector('[data-failing]')?.textContent).toContain('return row.id;');
    expect(screen.getByText('getTrack (src/modules/tracks/track.service.ts:42)')).toBeTruthy();
    expect(screen.queryByText('node_modules/fastify/lib/handle.js:10')).toBeNull();
    expect(screen.getByText('2 vendor frames')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Expand vendor frames' }));
    expect(screen.getByText('node_modules/fastify/lib/handle.js:10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse vendor frames' }));
    expect(screen.queryByText('node_modules/fastify/lib/handle.js:10')).toBeNull();
  });

  it('closes from its Close button', async () => {
    render(<ModalHost />);
    act(() => void showErrorDialog(trace));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('error-dialog')).toBeNull();
  });
});

import type { TDebugTrace } from '@cadence/contracts/errors';

export type TTraceFrame = TDebugTrace['trace'][number];

export type TFrameGroup =
  | { kind: 'app'; index: number; frame: TTraceFrame }
  | { kind: 'vendor'; index: number; frames: TTraceFrame[] };

/** Consecutive vendor frames fold into one group so the app's own frames stand out. */
export function groupFrames(frames: TTraceFrame[]): TFrameGroup[] {
  const groups: TFrameGroup[] = [];
  frames.forEach((frame, index) => {
    const last = groups.at(-1);
    if (!frame.vendor) {
      groups.push({ kind: 'app', index, frame });
    } else if (last?.kind === 'vendor') {
      last.frames.push(frame);
    } else {
      groups.push({ kind: 'vendor', index, frames: [frame] });
    }
  });
  return groups;
}

export function formatFrame(frame: TTraceFrame): string {
  const position = [frame.file, frame.line, frame.column].filter((part) => part !== undefined).join(':');
  return frame.function ? `${frame.function} (${position})` : position;
}

/** The plain-text log offered by the "Download log" link. */
export function formatTraceLog(trace: TDebugTrace): string {
  const lines = [`${trace.exception}: ${trace.message}`];
  if (trace.file) lines.push(`in ${trace.file}${trace.line !== undefined ? `:${trace.line}` : ''}`);
  lines.push('', 'Stack trace:');
  for (const frame of trace.trace) lines.push(`  at ${formatFrame(frame)}${frame.vendor ? ' [vendor]' : ''}`);
  if (trace.snippet) {
    lines.push('', 'Code:');
    trace.snippet.lines.forEach((text, offset) => {
      const number = trace.snippet!.startLine + offset;
      const marker = number === trace.snippet!.highlightLine ? '>' : ' ';
      lines.push(`${marker} ${String(number).padStart(5)} | ${text}`);
    });
  }
  return `${lines.join('\n')}\n`;
}

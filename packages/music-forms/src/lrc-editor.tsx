import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { useId, useRef, useState } from 'react';

export type TLrcEditorLine = { timeMs: number | null; text: string };

const STAMP = /^\s*\[(\d{1,3}):(\d{2})(?:[.:](\d{1,3}))?\]/;

/** Plain or LRC text into lines; a line keeps its time when it has one. */
export function parseLines(text: string): TLrcEditorLine[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = STAMP.exec(line);
      if (!match) return { timeMs: null, text: line.trim() };
      const fraction = match[3] ? Number(match[3].padEnd(3, '0')) : 0;
      return {
        timeMs: Number(match[1]) * 60_000 + Number(match[2]) * 1000 + fraction,
        text: line.slice(match[0].length).trim(),
      };
    });
}

export function formatStamp(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const seconds = ((ms % 60_000) / 1000).toFixed(2).padStart(5, '0');
  return `[${String(minutes).padStart(2, '0')}:${seconds}]`;
}

/** Lines back to text: LRC once any line has a time (lines without one keep none). */
export function serializeLines(lines: TLrcEditorLine[]): string {
  return lines
    .map((line) => (line.timeMs === null ? line.text : `${formatStamp(line.timeMs)}${line.text}`))
    .join('\n');
}

/**
 * Synced lyrics made by listening: play the track, and press "Set time" (or Enter on it) as
 * each line is sung; the line gets the playback position and the next line becomes current.
 */
export function LrcEditor({
  label,
  value,
  onChange,
  audioSrc,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** The track's stream; without one, times can only be typed. */
  audioSrc: string | null;
}) {
  const { trans } = useTrans();
  const textId = useId();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [current, setCurrent] = useState(0);
  const lines = parseLines(value);

  function stamp(index: number) {
    const position = audioRef.current ? Math.round(audioRef.current.currentTime * 1000) : 0;
    const next = lines.map((line, i) => (i === index ? { ...line, timeMs: position } : line));
    onChange(serializeLines(next));
    setCurrent(Math.min(index + 1, lines.length - 1));
  }

  return (
    <fieldset className="flex flex-col gap-3 rounded-panel border border-divider p-3">
      <legend className="px-1 text-sm font-medium">{label}</legend>
      <label htmlFor={textId} className="text-sm">
        {trans('Lyrics text (one line per row; times like [01:02.50] are kept)')}
      </label>
      <textarea
        id={textId}
        rows={6}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-input border border-divider bg-transparent px-3 py-2 font-mono text-sm outline-none focus:border-primary focus:ring-3 focus:ring-focus"
      />
      {audioSrc && lines.length > 0 && (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: the lyrics being edited are the caption track */}
          <audio ref={audioRef} src={audioSrc} controls preload="metadata" className="w-full" />
          <ol className="flex max-h-80 flex-col gap-1 overflow-y-auto" aria-label={trans('Lines to sync')}>
            {lines.map((line, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional; equal texts repeat
                key={index}
                className={`flex items-center gap-2 rounded px-2 py-1 text-sm ${index === current ? 'bg-primary/10' : ''}`}
                aria-current={index === current ? 'step' : undefined}
              >
                <span className="w-20 shrink-0 font-mono text-muted">
                  {line.timeMs === null ? '--:--.--' : formatStamp(line.timeMs).slice(1, -1)}
                </span>
                <span className="min-w-0 flex-1 truncate">{line.text}</span>
                <Button
                  size="sm"
                  variant="outline"
                  onPress={() => stamp(index)}
                  aria-label={trans('Set time of line :number', { number: String(index + 1) })}
                >
                  {trans('Set time')}
                </Button>
              </li>
            ))}
          </ol>
        </>
      )}
    </fieldset>
  );
}

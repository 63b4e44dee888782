import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { makeAppBootstrap } from '@cadence/app-shell/test/fixtures';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatStamp, LrcEditor, parseLines, serializeLines } from './lrc-editor';

afterEach(cleanup);

beforeEach(() => {
  setBootstrapData(makeAppBootstrap());
});

describe('LRC lines', () => {
  it('reads times in minutes, seconds and hundredths or milliseconds, and keeps untimed lines', () => {
    expect(parseLines('[01:02.50] First\n\n[00:03:7]Second\nplain line\r\n[12:00] Last')).toEqual([
      { timeMs: 62_500, text: 'First' },
      { timeMs: 3_700, text: 'Second' },
      { timeMs: null, text: 'plain line' },
      { timeMs: 720_000, text: 'Last' },
    ]);
  });

  it('writes what it reads', () => {
    const text = '[00:00.00]Intro\nNo time yet\n[03:25.07]Outro';
    expect(serializeLines(parseLines(text))).toBe(text);
    expect(formatStamp(61_990)).toBe('[01:01.99]');
  });
});

function Harness({ initial, audioSrc }: { initial: string; audioSrc: string | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LrcEditor label="Lyrics" value={value} onChange={setValue} audioSrc={audioSrc} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('LrcEditor', () => {
  it('stamps the pressed line with the playback position and moves on to the next line', () => {
    render(<Harness initial={'Hello\nWorld'} audioSrc="/track.mp3" />);
    const audio = document.querySelector('audio');
    if (!audio) throw new Error('the editor shows the track to sync against');
    Object.defineProperty(audio, 'currentTime', { value: 12.345, configurable: true });

    fireEvent.click(screen.getByRole('button', { name: 'Set time of line 1' }));

    expect(screen.getByTestId('value').textContent).toBe('[00:12.35]Hello\nWorld');
    const lines = screen.getAllByRole('listitem');
    expect(lines[1]?.getAttribute('aria-current')).toBe('step');
    expect(lines[0]?.textContent).toContain('00:12.35');
  });

  it('without a stream, times can only be typed', () => {
    render(<Harness initial="[00:01.00]Typed" audioSrc={null} />);
    expect(screen.queryByRole('button', { name: /Set time/ })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Lyrics text/), { target: { value: '[00:02.00]Typed' } });
    expect(screen.getByTestId('value').textContent).toBe('[00:02.00]Typed');
  });
});

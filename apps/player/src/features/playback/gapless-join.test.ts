import { describe, expect, it } from 'vitest';
import { createGaplessRun } from './gapless-join';
import type { TWebAudioOutput } from './web-audio-output';

/** Records what each voice was told: when it starts, from where, and its gain's moves. */
function fakeOutput(currentTime: number) {
  const starts: { when: number; offset?: number }[] = [];
  const output = {
    context: { currentTime, sampleRate: 44_100 },
    fade: () => null,
    bufferVoice: () => ({
      source: { start: (when: number, offset?: number) => starts.push({ when, offset }), stop() {} },
      gain: {
        gain: {
          value: 1,
          setValueAtTime() {},
          linearRampToValueAtTime() {},
          cancelScheduledValues() {},
          setValueCurveAtTime() {},
        },
      },
    }),
  };
  return { output: output as unknown as TWebAudioOutput, starts };
}

const buffer = (length: number) => ({ length, sampleRate: 44_100, duration: length / 44_100 }) as AudioBuffer;

describe('createGaplessRun', () => {
  it('schedules each next track on the frame after the last one, every time on a whole frame', () => {
    const { output, starts } = fakeOutput(10.000_013);
    const run = createGaplessRun(output);
    const element = { currentTime: 41.123_457 } as HTMLMediaElement;
    run.takeOver(element, buffer(44_100 * 42 + 17), 0.5);
    const second = run.append(buffer(66_037), 0.7);
    const third = run.append(buffer(1_000), 0.7);
    const [tail, head, next] = starts;
    const frame = (seconds: number) => seconds * 44_100;
    expect(Number.isInteger(Math.round(frame(tail?.when ?? 0) * 1e6) / 1e6)).toBe(true);
    const offsetFrame = Math.round(frame(tail?.offset ?? 0));
    // The tail plays from its offset to its last frame; the next starts on the frame after it.
    expect(frame(second) - frame(tail?.when ?? 0)).toBeCloseTo(44_100 * 42 + 17 - offsetFrame, 6);
    expect(head?.when).toBe(second);
    expect(frame(third) - frame(second)).toBeCloseTo(66_037, 6);
    expect(next?.when).toBe(third);
    // The handover starts a little ahead, where the element will be then.
    expect(tail?.when).toBeGreaterThan(10.000_013);
    expect(tail?.offset ?? 0).toBeCloseTo(41.123_457 + ((tail?.when ?? 0) - 10.000_013), 4);
  });

  it('takes over where the element is, less the priming its decoded copy had trimmed (the element plays it)', () => {
    const { output, starts } = fakeOutput(5);
    const run = createGaplessRun(output);
    const element = { currentTime: 30 } as HTMLMediaElement;
    run.takeOver(element, buffer(44_100 * 40), 1, 1105 / 44_100);
    const [tail] = starts;
    const frame = Math.round((tail?.offset ?? 0) * 44_100);
    const untrimmed = Math.round((30 + ((tail?.when ?? 0) - 5)) * 44_100);
    expect(untrimmed - frame).toBe(1105);
  });
});

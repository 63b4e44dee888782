import type { TWebAudioOutput } from './web-audio-output';

/** Short enough to hide the handover of one recording to itself, long enough not to click. */
const HANDOVER_S = 0.03;
/** How far ahead of now a handover is scheduled (the audio thread must hear of it in time). */
const SCHEDULE_AHEAD_S = 0.08;

type TVoice = { source: AudioBufferSourceNode; gain: GainNode; level: number };

function stop(voice: TVoice | undefined, when: number) {
  try {
    voice?.source.stop(when);
  } catch {
    // never started, or stopped already
  }
}

/**
 * Sample-exact joins of an album played in order (issue 36). Elements cannot start on a sample;
 * decoded buffers can. The first join moves the current track's sound from its element to its
 * decoded copy (a 30 ms handover of the same audio, well before the end), then every next track's
 * decoded copy is scheduled on the frame after the previous one's last. The elements keep playing,
 * silent, so the queue, the position, the play counts and every control follow them as always;
 * anything that interrupts (pause, seek, skip) cancels the run and the elements sound again.
 * Decoded buffers are at the graph's rate, so frames add up exactly.
 */
export function createGaplessRun(output: TWebAudioOutput) {
  const { context } = output;
  const rate = context.sampleRate;
  const voices: TVoice[] = [];
  /** The frame after the last scheduled sample. */
  let endFrame = 0;

  return {
    /** The current track's sound moves from `element` to its decoded copy (`lead`: its priming trimmed), from about now on. */
    takeOver(element: HTMLMediaElement, buffer: AudioBuffer, level: number, lead = 0) {
      // Whole frames only: a source started between two frames is interpolated, and that
      // interpolation at a buffer's first and last sample is a step at the seam.
      const atFrame = Math.ceil((context.currentTime + SCHEDULE_AHEAD_S) * rate);
      const at = atFrame / rate;
      // The element plays the priming the buffer has not (`lead`): its time is that far ahead.
      const position = element.currentTime - lead + (at - context.currentTime);
      const offsetFrame = Math.min(Math.max(0, Math.round(position * rate)), buffer.length);
      const voice: TVoice = { ...output.bufferVoice(buffer), level };
      voice.gain.gain.setValueAtTime(0, 0);
      voice.gain.gain.setValueAtTime(0, at);
      voice.gain.gain.linearRampToValueAtTime(level, at + HANDOVER_S);
      const fade = output.fade(element);
      fade?.cancelScheduledValues(context.currentTime);
      fade?.setValueAtTime(1, at);
      fade?.linearRampToValueAtTime(0, at + HANDOVER_S);
      voice.source.start(at, offsetFrame / rate);
      voices.push(voice);
      endFrame = atFrame + (buffer.length - offsetFrame);
    },
    /** The next track, on the frame after the last one's end; answers when that is (context seconds). */
    append(buffer: AudioBuffer, level: number): number {
      const voice: TVoice = { ...output.bufferVoice(buffer), level };
      voice.gain.gain.value = level;
      const at = endFrame / rate;
      voice.source.start(at);
      voices.push(voice);
      endFrame += buffer.length;
      return at;
    },
    /** The last track's sound fades out with a crossfade's curve (its element is silent). */
    fadeOut(curve: Float32Array, seconds: number) {
      const voice = voices.at(-1);
      if (!voice) return;
      const now = context.currentTime;
      voice.gain.gain.cancelScheduledValues(now);
      voice.gain.gain.setValueCurveAtTime(
        curve.map((value) => value * voice.level),
        now,
        seconds,
      );
    },
    /** A pause, seek or skip: the buffers stop, and the elements sound again. */
    cancel(elements: readonly HTMLMediaElement[]) {
      const now = context.currentTime;
      for (const voice of voices.splice(0)) stop(voice, now);
      for (const element of elements) {
        const fade = output.fade(element);
        fade?.cancelScheduledValues(now);
        fade?.setValueAtTime(1, now);
      }
    },
  };
}

export type TGaplessRun = ReturnType<typeof createGaplessRun>;

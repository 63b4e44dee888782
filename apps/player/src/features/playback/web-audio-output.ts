/**
 * The player's Web Audio graph (issue 36), made on the first play (a user gesture, so the
 * context may start): every `<audio>` element that plays the api's audio feeds
 *   MediaElementAudioSourceNode -> level (loudness gain) -> fade (crossfades) -> volume -> safety -> speakers.
 * The loudness gain is already capped by the track's peak; the safety stage only catches what two
 * overlapping tracks of a crossfade can sum to: linear up to 0.9 of full scale, a soft knee above,
 * never past full scale (a WaveShaper over a halved signal, so it is exact where it is linear).
 */
export interface TWebAudioOutput {
  readonly context: AudioContext;
  isConnected(element: HTMLMediaElement): boolean;
  /** Routes the element through the graph (once; an element can never leave it again). */
  connect(element: HTMLMediaElement): void;
  /** The element's loudness gain (linear), set at once (before it plays) or gliding (while it plays). */
  setLevel(element: HTMLMediaElement, gain: number, isGliding?: boolean): void;
  /** The element's crossfade gain: its GainNode, for scheduled curves. */
  fade(element: HTMLMediaElement): AudioParam | null;
  setVolume(linear: number): void;
  /** Resumes a suspended context (autoplay policy); call from a user gesture. */
  resume(): void;
  /** A decoded track to schedule on the sample: its source and its gain (level times fades), unstarted. */
  bufferVoice(buffer: AudioBuffer): { source: AudioBufferSourceNode; gain: GainNode };
}

/**
 * The graph's rate: most music is 44.1 kHz, and a decoded file at the graph's rate is not resampled,
 * so two files of one recording join on the exact sample (the browser resamples once, at its output).
 */
export const GRAPH_SAMPLE_RATE = 44_100;

type TChannel = { level: GainNode; fade: GainNode };

const SAFETY_KNEE = 0.9;
const CURVE_POINTS = 4097;

/** y = x up to the knee, then a tanh knee that reaches full scale only at twice full scale. */
export function safetyCurve(points = CURVE_POINTS): Float32Array<ArrayBuffer> {
  const curve = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    // The shaper's input is the signal halved: x in [-1, 1] stands for [-2, 2].
    const signal = ((i / (points - 1)) * 2 - 1) * 2;
    const size = Math.abs(signal);
    const shaped =
      size <= SAFETY_KNEE
        ? size
        : SAFETY_KNEE + (1 - SAFETY_KNEE) * Math.tanh((size - SAFETY_KNEE) / (1 - SAFETY_KNEE));
    curve[i] = (Math.sign(signal) * shaped) / 2;
  }
  return curve;
}

type TContextClass = typeof AudioContext;

/** The graph, or null where the browser has no Web Audio (the plain elements then play as they are). */
export function createWebAudioOutput(
  Context: TContextClass | undefined = globalThis.AudioContext,
): TWebAudioOutput | null {
  if (!Context) return null;
  let context: AudioContext;
  try {
    context = new Context({ sampleRate: GRAPH_SAMPLE_RATE });
  } catch {
    return null;
  }
  const volume = context.createGain();
  const halve = context.createGain();
  halve.gain.value = 0.5;
  const shaper = context.createWaveShaper();
  shaper.curve = safetyCurve();
  const restore = context.createGain();
  restore.gain.value = 2;
  volume.connect(halve).connect(shaper).connect(restore).connect(context.destination);
  const channels = new Map<HTMLMediaElement, TChannel>();
  let hasVolume = false;

  return {
    context,
    isConnected: (element) => channels.has(element),
    connect(element) {
      if (channels.has(element)) return;
      const source = context.createMediaElementSource(element);
      const level = context.createGain();
      const fade = context.createGain();
      source.connect(level).connect(fade).connect(volume);
      channels.set(element, { level, fade });
    },
    setLevel(element, gain, isGliding = false) {
      const param = channels.get(element)?.level.gain;
      if (!param) return;
      param.cancelScheduledValues(context.currentTime);
      if (isGliding) param.setTargetAtTime(gain, context.currentTime, 0.05);
      else param.setValueAtTime(gain, context.currentTime);
    },
    fade: (element) => channels.get(element)?.fade.gain ?? null,
    setVolume(linear) {
      if (!hasVolume) volume.gain.value = linear;
      // Later changes glide: a step in gain is a click.
      else volume.gain.setTargetAtTime(linear, context.currentTime, 0.015);
      hasVolume = true;
    },
    resume() {
      if (context.state !== 'running') void context.resume().catch(() => {});
    },
    bufferVoice(buffer) {
      const source = context.createBufferSource();
      source.buffer = buffer;
      const gain = context.createGain();
      source.connect(gain).connect(volume);
      return { source, gain };
    },
  };
}

/**
 * Pure TypeScript synthesis of short pleasant pieces (no ffmpeg on a fresh machine): a chord
 * progression as a soft pad, an arpeggio, a bass line and a seeded melody over it, with ADSR
 * envelopes, rendered to 22,050 Hz mono 16-bit PCM WAV, which every browser plays.
 */
export const SAMPLE_RATE = 22_050;
const TABLE_SIZE = 4096;
const SINE = Float32Array.from({ length: TABLE_SIZE }, (_, i) => Math.sin((2 * Math.PI * i) / TABLE_SIZE));

export type Timbre = 'sine' | 'triangle' | 'soft-square' | 'organ';

export type PieceSpec = {
  /** MIDI note of the key's root, e.g. 57 = A3. */
  root: number;
  mode: 'major' | 'minor';
  bpm: number;
  seconds: number;
  /** Scale degrees (0-based) of the chord roots, one chord per bar, looped. */
  progression: number[];
  timbre: Timbre;
  /** Seed of the melody's random walk: distinct pieces from the same progression. */
  seed: number;
  /** Arpeggio notes per beat (1, 2 or 4). */
  arpeggioRate: number;
};

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] };

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

function scaleNote(spec: PieceSpec, degree: number): number {
  const scale = SCALES[spec.mode];
  const octave = Math.floor(degree / 7);
  const index = ((degree % 7) + 7) % 7;
  return spec.root + 12 * octave + (scale[index] as number);
}

/** Mulberry32: small, fast, deterministic. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MASK = TABLE_SIZE - 1;

/** One cycle of each timbre as a lookup table: the inner loop is then a table read per sample. */
const TABLES: Record<Timbre, Float32Array> = {
  sine: SINE,
  triangle: Float32Array.from({ length: TABLE_SIZE }, (_, i) => 1 - 4 * Math.abs(i / TABLE_SIZE - 0.5)),
  'soft-square': Float32Array.from(SINE, (value) => Math.max(-1, Math.min(1, value * 2.2)) * 0.7),
  organ: Float32Array.from(
    SINE,
    (value, i) =>
      value * 0.6 + (SINE[(i * 2) & MASK] as number) * 0.3 + (SINE[(i * 3) & MASK] as number) * 0.1,
  ),
};

type Note = {
  start: number;
  length: number;
  hz: number;
  gain: number;
  timbre: Timbre;
  attack: number;
  release: number;
};

function addNote(out: Float32Array, note: Note): void {
  const first = Math.floor(note.start * SAMPLE_RATE);
  const count = Math.min(Math.floor(note.length * SAMPLE_RATE), out.length - first);
  if (count <= 0) return;
  const attack = Math.max(1, Math.min(count, Math.floor(note.attack * SAMPLE_RATE)));
  const release = Math.max(1, Math.min(count - attack, Math.floor(note.release * SAMPLE_RATE)));
  const table = TABLES[note.timbre];
  const step = (note.hz / SAMPLE_RATE) * TABLE_SIZE;
  const gain = note.gain;
  const sustainEnd = count - release;
  let phase = 0;
  for (let n = 0; n < count; n++) {
    const envelope = n < attack ? n / attack : n >= sustainEnd ? (count - n) / release : 1;
    out[first + n] = (out[first + n] as number) + (table[phase & MASK] as number) * envelope * gain;
    phase += step;
  }
}

/** The piece as float samples in [-1, 1]. */
export function renderPiece(spec: PieceSpec): Float32Array {
  const out = new Float32Array(Math.floor(spec.seconds * SAMPLE_RATE));
  const beat = 60 / spec.bpm;
  const bar = beat * 4;
  const bars = Math.ceil(spec.seconds / bar);
  const next = random(spec.seed);
  let melodyDegree = 7 + Math.floor(next() * 3);
  for (let b = 0; b < bars; b++) {
    const start = b * bar;
    const chordRoot = spec.progression[b % spec.progression.length] as number;
    const chord = [chordRoot, chordRoot + 2, chordRoot + 4].map((degree) => scaleNote(spec, degree));
    for (const note of chord) {
      addNote(out, {
        start,
        length: bar,
        hz: midiToHz(note),
        gain: 0.09,
        timbre: 'sine',
        attack: 0.4,
        release: 0.6,
      });
    }
    addNote(out, {
      start,
      length: bar * 0.95,
      hz: midiToHz((chord[0] as number) - 12),
      gain: 0.16,
      timbre: 'triangle',
      attack: 0.02,
      release: 0.3,
    });
    const arpStep = beat / spec.arpeggioRate;
    const pattern = [0, 1, 2, 1];
    for (let s = 0; s < 4 * spec.arpeggioRate; s++) {
      const note = (chord[pattern[s % pattern.length] as number] as number) + 12;
      addNote(out, {
        start: start + s * arpStep,
        length: arpStep * 0.9,
        hz: midiToHz(note),
        gain: 0.06,
        timbre: spec.timbre,
        attack: 0.005,
        release: arpStep * 0.5,
      });
    }
    // Melody: a gentle random walk on the scale, leaning towards chord tones on strong beats.
    for (let q = 0; q < 4; q++) {
      if (next() < 0.2) continue;
      const isLong = next() < 0.3;
      melodyDegree += Math.round((next() - 0.5) * 4);
      if (q === 0) melodyDegree = chordRoot + 7 + [0, 2, 4][Math.floor(next() * 3)]!;
      melodyDegree = Math.max(5, Math.min(13, melodyDegree));
      addNote(out, {
        start: start + q * beat,
        length: beat * (isLong ? 1.8 : 0.9),
        hz: midiToHz(scaleNote(spec, melodyDegree)),
        gain: 0.12,
        timbre: spec.timbre === 'soft-square' ? 'triangle' : spec.timbre,
        attack: 0.01,
        release: beat * 0.4,
      });
    }
  }
  finish(out);
  return out;
}

/** Normalise, soft-clip and fade in/out so pieces have the same loudness and no clicks. */
function finish(samples: Float32Array): void {
  let peak = 0;
  for (const value of samples) peak = Math.max(peak, Math.abs(value));
  const gain = peak > 0 ? 0.9 / peak : 1;
  const fade = Math.floor(SAMPLE_RATE * 1.5);
  for (let i = 0; i < samples.length; i++) {
    const edge = Math.min(1, i / fade, (samples.length - 1 - i) / fade);
    const x = (samples[i] as number) * gain * 1.1;
    // Padé approximation of tanh: a soft clip without a transcendental call per sample.
    samples[i] = ((x * (27 + x * x)) / (27 + 9 * x * x)) * edge;
  }
}

/** 16-bit PCM mono WAV (RIFF) bytes. */
export function encodeWav(samples: Float32Array): Buffer {
  const dataBytes = samples.length * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(SAMPLE_RATE, 24);
  buffer.writeUInt32LE(SAMPLE_RATE * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  const pcm = new Int16Array(buffer.buffer, buffer.byteOffset + 44, samples.length);
  for (let i = 0; i < samples.length; i++) {
    pcm[i] = Math.round(Math.max(-1, Math.min(1, samples[i] as number)) * 32767);
  }
  return buffer;
}

/** Peak per bucket, 0..1 with two decimals: what the seekbar draws. */
export function waveformPeaks(samples: Float32Array, buckets = 200): number[] {
  const size = Math.max(1, Math.floor(samples.length / buckets));
  const peaks: number[] = [];
  for (let b = 0; b < buckets; b++) {
    let peak = 0;
    const end = Math.min(samples.length, (b + 1) * size);
    for (let i = b * size; i < end; i++) peak = Math.max(peak, Math.abs(samples[i] as number));
    peaks.push(Math.round(peak * 100) / 100);
  }
  return peaks;
}

export type WavInfo = { sampleRate: number; channels: number; bitsPerSample: number; durationMs: number };

/** Reads a canonical PCM WAV header (tests and the import of generated files). */
export function readWavHeader(bytes: Buffer): WavInfo | null {
  if (
    bytes.length < 44 ||
    bytes.toString('ascii', 0, 4) !== 'RIFF' ||
    bytes.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    return null;
  }
  const channels = bytes.readUInt16LE(22);
  const sampleRate = bytes.readUInt32LE(24);
  const bitsPerSample = bytes.readUInt16LE(34);
  const dataBytes = bytes.readUInt32LE(40);
  const frameBytes = channels * (bitsPerSample / 8);
  return {
    sampleRate,
    channels,
    bitsPerSample,
    durationMs: Math.round((dataBytes / frameBytes / sampleRate) * 1000),
  };
}

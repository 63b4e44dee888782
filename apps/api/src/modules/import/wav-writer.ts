/** A PCM WAV file (mono, 16-bit) with an optional LIST/INFO chunk; tags are raw bytes so tests can write latin1. */
export type WavOptions = {
  sampleRate?: number;
  seconds: number;
  frequency?: number;
  /** RIFF INFO ids (INAM title, IART artist, IPRD album, IGNR genre, ITRK number) to raw bytes. */
  info?: Record<string, Buffer>;
};

function infoChunk(info: Record<string, Buffer>): Buffer {
  const parts = Object.entries(info).map(([id, value]) => {
    const body = Buffer.concat([value, Buffer.from([0])]);
    const padded = body.length % 2 === 1 ? Buffer.concat([body, Buffer.from([0])]) : body;
    const header = Buffer.alloc(8);
    header.write(id.slice(0, 4).padEnd(4, ' '), 0, 'ascii');
    header.writeUInt32LE(body.length, 4);
    return Buffer.concat([header, padded]);
  });
  const payload = Buffer.concat([Buffer.from('INFO', 'ascii'), ...parts]);
  const header = Buffer.alloc(8);
  header.write('LIST', 0, 'ascii');
  header.writeUInt32LE(payload.length, 4);
  return Buffer.concat([header, payload]);
}

export function writeWav(options: WavOptions): Buffer {
  const sampleRate = options.sampleRate ?? 8_000;
  const frequency = options.frequency ?? 440;
  const samples = Math.round(sampleRate * options.seconds);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 12_000), i * 2);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8); // PCM
  fmt.writeUInt16LE(1, 10); // mono
  fmt.writeUInt32LE(sampleRate, 12);
  fmt.writeUInt32LE(sampleRate * 2, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'ascii');
  dataHeader.writeUInt32LE(data.length, 4);
  const list = options.info ? infoChunk(options.info) : Buffer.alloc(0);
  const body = Buffer.concat([Buffer.from('WAVE', 'ascii'), fmt, list, dataHeader, data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

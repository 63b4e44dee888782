import { Transform } from 'node:stream';

const PAD_CHUNK = 64 * 1024;

/**
 * Exactly `total` bytes of a stream: cut after them, or padded with zero bytes when the stream
 * ends short. The Subsonic `estimateContentLength` promises a `Content-Length` before ffmpeg has
 * made anything; a body that then ended short would leave the app waiting for bytes that never
 * come, and a longer one would break the connection's framing. Decoders skip the zeros (MP3
 * and ADTS resync on frame headers, Ogg on page capture patterns).
 */
export function fixedLength(total: number): Transform {
  let sent = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const room = total - sent;
      if (room <= 0) return done();
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      sent += part.length;
      done(null, part);
    },
    flush(done) {
      while (sent < total) {
        const size = Math.min(PAD_CHUNK, total - sent);
        this.push(Buffer.alloc(size));
        sent += size;
      }
      done();
    },
  });
}

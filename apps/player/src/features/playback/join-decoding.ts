/**
 * A track decoded for a join: its buffer without the encoder's priming and padding, and `lead`, the
 * seconds of priming trimmed from its start (its element, which plays them, runs that far behind).
 */
export type TDecodedTrack = { buffer: AudioBuffer; lead: number };

/**
 * Decoded tracks by URL, the few a join needs (the current and the next). The bytes' LAME/Info
 * header or `iTunSMPB` (`encoder-trim.ts`) say what the decoder may have left of the encoder's
 * priming and padding; `knownSeconds` (the catalogue's length) bounds a stream that says nothing.
 */
export function createDecodedCache(context: BaseAudioContext, keep = 3) {
  const decoded = new Map<string, Promise<TDecodedTrack>>();
  return {
    get(url: string, knownSeconds: number | null = null): Promise<TDecodedTrack> {
      let buffer = decoded.get(url);
      if (!buffer) {
        buffer = fetch(url, { credentials: 'same-origin' })
          .then((response) => {
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            return response.arrayBuffer();
          })
          .then(async (bytes) => {
            // The header parsers load with the first join, not with the player's first paint.
            const { planTrim, readEncoderGapless, trimBuffer } = await import('./encoder-trim');
            // Read before decoding: decodeAudioData detaches the bytes.
            const info = readEncoderGapless(new Uint8Array(bytes));
            const whole = await context.decodeAudioData(bytes);
            const trim = planTrim(info, whole, knownSeconds);
            return { buffer: trimBuffer(context, whole, trim), lead: trim.start / whole.sampleRate };
          });
        buffer.catch(() => decoded.delete(url));
        decoded.set(url, buffer);
        while (decoded.size > keep) decoded.delete(decoded.keys().next().value as string);
      }
      return buffer;
    },
  };
}

/**
 * The decoded copies the joins of `gapless-join.ts` need, fetched and decoded ahead (the current
 * track and the next), kept for the last few URLs only: a decoded track takes ~10 MB a minute.
 * `onReady` runs when one finishes, so a join that waited for it may start between two timeupdates.
 */
export function createJoinDecoding(context: BaseAudioContext, onReady: () => void, keep = 3) {
  const cache = createDecodedCache(context, keep);
  const ready = new Map<string, TDecodedTrack>();
  return {
    /** Starts decoding each `[url, catalogue seconds]` not decoded yet. */
    ahead(...tracks: (readonly [string | null, number | null])[]) {
      for (const [url, seconds] of tracks) {
        if (!url || ready.has(url)) continue;
        cache
          .get(url, seconds)
          .then((decoded) => {
            ready.set(url, decoded);
            while (ready.size > keep) ready.delete(ready.keys().next().value as string);
            onReady();
          })
          .catch(() => {
            // Not decodable here: that join falls back to the elements.
          });
      }
    },
    /** The decoded copy of `url`, once its decoding finished. */
    get: (url: string | null): TDecodedTrack | undefined => (url ? ready.get(url) : undefined),
  };
}

export type TJoinDecoding = ReturnType<typeof createJoinDecoding>;

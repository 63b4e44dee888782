import net from 'node:net';
import { LOOPBACK } from '../harness/ports';

/** One statement as the api sent it: its text and its bound parameters (text format). */
export type TCapturedQuery = { text: string; values: (string | null)[] };
/** Statements the api had in flight at the same time (its `Promise.all`s) share a group. */
export type TQueryGroup = TCapturedQuery[];

/**
 * A PostgreSQL wire-protocol proxy between the api and the server that records every
 * statement (extended protocol Parse + Bind, or a simple Query) in arrival order, so a twin
 * can replay exactly the SQL one request ran, with the same concurrency.
 */
export async function startSqlCapture(upstreamPort = 5432) {
  let isRecording = false;
  const groups: TQueryGroup[] = [];
  let inFlight = 0;
  let isGroupOpen = false;

  const record = (query: TCapturedQuery) => {
    if (!isRecording) return;
    if (isGroupOpen && inFlight > 0) groups[groups.length - 1]?.push(query);
    else groups.push([query]);
    isGroupOpen = true;
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, LOOPBACK);
    let buffer = Buffer.alloc(0);
    let isStarted = false;
    let pendingText = '';
    // Named (prepared) statements are parsed once per connection and later bound by name only.
    const named = new Map<string, string>();
    let isBusy = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!isStarted) {
          if (buffer.length < 4) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          buffer = buffer.subarray(length);
          isStarted = true;
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0] as number);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        const body = buffer.subarray(5, 1 + length);
        buffer = buffer.subarray(1 + length);
        if (type === 'Q') {
          record({ text: body.toString('utf8', 0, body.indexOf(0)), values: [] });
          if (!isBusy) inFlight += 1;
          isBusy = true;
        } else if (type === 'P') {
          const nameEnd = body.indexOf(0);
          pendingText = body.toString('utf8', nameEnd + 1, body.indexOf(0, nameEnd + 1));
          if (nameEnd > 0) named.set(body.toString('utf8', 0, nameEnd), pendingText);
        } else if (type === 'B') {
          let offset = body.indexOf(0) + 1;
          const statementEnd = body.indexOf(0, offset);
          const statement = body.toString('utf8', offset, statementEnd);
          offset = statementEnd + 1;
          const formats = body.readInt16BE(offset);
          offset += 2 + formats * 2;
          const count = body.readInt16BE(offset);
          offset += 2;
          const values: (string | null)[] = [];
          for (let i = 0; i < count; i++) {
            const size = body.readInt32BE(offset);
            offset += 4;
            values.push(size < 0 ? null : body.toString('utf8', offset, offset + size));
            if (size > 0) offset += size;
          }
          record({ text: statement ? (named.get(statement) ?? pendingText) : pendingText, values });
          if (!isBusy) inFlight += 1;
          isBusy = true;
        }
      }
    });
    // ReadyForQuery ('Z') ends a statement's round trip; scanning for the tag in the reply
    // stream is enough here because the recorded request is replayed, not parsed for data.
    upstream.on('data', (chunk: Buffer) => {
      client.write(chunk);
      if (isBusy && chunk.length >= 6 && chunk[chunk.length - 6] === 0x5a) {
        isBusy = false;
        inFlight -= 1;
        if (inFlight === 0) isGroupOpen = false;
      }
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** Records what runs while `during` runs. */
    async capture(during: () => Promise<void>): Promise<TQueryGroup[]> {
      groups.length = 0;
      isRecording = true;
      try {
        await during();
      } finally {
        isRecording = false;
      }
      return groups.map((group) => [...group]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

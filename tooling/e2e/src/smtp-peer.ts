import { type AddressInfo, createServer, type Server } from 'node:net';

/** A loopback SMTP receiver (RFC 5321 plain dialogue, no TLS) that keeps every message. */
export async function startSmtpPeer() {
  const messages: { to: string[]; raw: string }[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let rcpt: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 e2e ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push({ to: rcpt, raw: buffer.slice(0, end) });
          buffer = buffer.slice(end + 5);
          inData = false;
          rcpt = [];
          reply('250 OK queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 e2e');
        else if (verb === 'MAIL') reply('250 OK');
        else if (verb === 'RCPT') {
          rcpt.push(/<([^>]+)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  async function waitForMail(to: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.find((message) => message.to.includes(to));
      if (found) return found.raw;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail to ${to}`);
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    waitForMail,
    /** Every message received so far, oldest first. */
    messages,
    close: () => new Promise((r) => server.close(r)),
  };
}

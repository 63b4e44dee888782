import net from 'node:net';

export const LOOPBACK = '127.0.0.1';

/** Asks the kernel for a spare loopback port; the tiny race until the server binds it is acceptable here. */
export function findSparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('no port from the kernel'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

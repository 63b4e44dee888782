// A real fauxqs process for tests: prints `PORT <n>` once listening on 127.0.0.1.
import { startFauxqs } from 'fauxqs';

const [bucket] = process.argv.slice(2);
const server = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false });
server.setup({ buckets: [bucket] });
process.stdout.write(`PORT ${server.port}\n`);
process.on('SIGTERM', () => server.stop().then(() => process.exit(0)));

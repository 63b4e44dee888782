// A real s3rver process for tests: prints `PORT <n>` once listening on 127.0.0.1. An optional
// third argument fixes the port, so a test can stop the peer and bring it back at the same address.
import S3rver from 's3rver';

const [directory, bucket, port = '0'] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port: listening } = await server.run();
process.stdout.write(`PORT ${listening}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));

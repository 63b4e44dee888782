// A real s3rver process for tests: prints `PORT <n>` once listening on 127.0.0.1.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`PORT ${port}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));

/**
 * `npm run dev:s3 [-- <port> <directory>]`: an S3-compatible store for developing the fleet on
 * this machine: s3rver on 127.0.0.1 (default port 4568), objects kept in `./data/s3` (default),
 * one bucket `ninety` whose CORS lets the browser PUT upload slices and read objects. Prints the
 * variables that point the server at it; Ctrl-C stops it. See docs/object-storage.md.
 */
import path from 'node:path';
import { startS3Server } from '../apps/server/test/s3-server';

const [portArgument, directoryArgument] = process.argv.slice(2);
const port = Number(portArgument ?? 4568);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`端口无效：${portArgument}`);
  process.exit(1);
}
const directory = path.resolve(directoryArgument ?? 'data/s3');

const server = await startS3Server({ bucket: 'ninety', directory, port });
console.log(
  `S3 (s3rver) listening at ${server.endpoint}, bucket "${server.bucket}", data in ${directory}`,
);
console.log('Start the server with:\n');
for (const [name, value] of Object.entries(server.env)) console.log(`${name}=${value} \\`);
console.log('npm start\n');
console.log(
  'Import the bank into it (with the server stopped, or on PostgreSQL): the same variables',
);
console.log(
  'before `npm run content:import`. A PGlite directory that was filled with local storage',
);
console.log('has its bank media on disk only: import again, or start from an empty ./data/db.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}

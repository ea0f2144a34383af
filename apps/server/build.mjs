// Bundles the server's own code (and the workspace contract) into dist/server.mjs (and the speech
// and language workers into dist/speech-worker.mjs and dist/language-worker.mjs) so production
// starts without compiling TypeScript; npm packages stay external and load from node_modules.
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const readPackage = async (path) =>
  JSON.parse(await readFile(new URL(path, import.meta.url), 'utf8'));
const packages = await Promise.all([
  readPackage('./package.json'),
  // The workspace packages are bundled in, so their own npm dependencies stay external too.
  readPackage('../../packages/contract/package.json'),
  readPackage('../../packages/scoring/package.json'),
]);
const external = [
  ...new Set(packages.flatMap((pkg) => Object.keys(pkg.dependencies ?? {}))),
].filter((name) => !name.startsWith('@ninety/'));

await build({
  // The speech and language worker threads start from their own files beside server.mjs.
  entryPoints: {
    server: 'src/server.ts',
    // A scoring worker of the fleet (npm run worker).
    worker: 'src/worker.ts',
    'speech-worker': 'src/adapters/speech/speech-worker.ts',
    'language-worker': 'src/adapters/language/language-worker.ts',
    // 资料 copies are stamped on a thread of their own (materials/stamp-in-worker.ts).
    'stamp-worker': 'src/modules/materials/stamp-worker.ts',
  },
  // SERVER_OUT_DIR (e.g. dist-4181) lets journeys on two ports run from their own builds.
  outdir: process.env.SERVER_OUT_DIR ?? 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // A module imported only when configured (the S3 store, Tencent SMS, the WeChat official
  // account) becomes a chunk of its own beside server.mjs: in one file esbuild hoisted its
  // packages' imports to the top, and every start loaded the AWS SDK (~0.2 s) whatever the
  // configuration. Chunks stay beside the entries, so import.meta.url-relative paths still hold.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`), 'pg-native'],
  logLevel: 'warning',
});

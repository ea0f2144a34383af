/**
 * The bundle's preload helper replaced by src/app/preload-in-batches.ts (issue 23, ADR 0037):
 * the same work as Vite's, its script links added a few per task. Vite serves its helper as the
 * virtual module below; loading it first, this plugin hands the bundle ours under the name Vite's
 * rewritten imports call. If a Vite release renames either, the build fails here rather than
 * shipping without preloads.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const HELPER_ID = '\0vite/preload-helper.js';
const HELPER_EXPORT = '__vitePreload';
const runtime = fileURLToPath(new URL('../src/app/preload-in-batches.ts', import.meta.url));

export function preloadInBatches(): Plugin {
  let served = false;
  return {
    name: 'ninety:preload-in-batches',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id !== HELPER_ID) return null;
      served = true;
      return `export { preloadInBatches as ${HELPER_EXPORT} } from ${JSON.stringify(runtime)};`;
    },
    generateBundle(_options, bundle) {
      const usesPreload = Object.values(bundle).some(
        (output) => output.type === 'chunk' && output.code.includes('__vite__mapDeps'),
      );
      if (usesPreload && !served) {
        this.error(`Vite no longer loads ${HELPER_ID}: the lazy chunks' preloads are Vite's own`);
      }
    },
  };
}

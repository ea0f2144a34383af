import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { antdStaticStyles } from './build/antd-static-styles.ts';
import { preloadInBatches } from './build/preload-in-batches.ts';
import { antdTheme } from './src/app/theme.ts';

/**
 * antd's ConfigProvider imports its tooltip `UniqueProvider` for `tooltip.unique`, a setting our
 * providers never use; the import alone put @rc-component/trigger's shared popup (~9 kB gzip)
 * into the entry chunk. Only that one import, from the ConfigProvider, gets a pass-through stand-in;
 * set `tooltip.unique` in providers.tsx and this plugin must go.
 */
function antdWithoutUniqueTooltip(): Plugin {
  const standIn = fileURLToPath(new URL('./src/app/antd-no-unique-tooltip.tsx', import.meta.url));
  return {
    name: 'ninety:antd-without-unique-tooltip',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '../tooltip/UniqueProvider' &&
        importer?.includes('/antd/es/config-provider/')
      ) {
        return standIn;
      }
      return null;
    },
  };
}

const ownSource = fileURLToPath(new URL('./src/', import.meta.url));
const RUN_FOR_EFFECT = ['app/main.tsx', 'app/zod-jitless.ts'];
const isOwnCodeWithoutEffects = (id: string) =>
  id.startsWith(ownSource) &&
  /\.tsx?$/.test(id) &&
  !RUN_FOR_EFFECT.some((path) => id === ownSource + path);

export default defineConfig({
  plugins: [react(), antdWithoutUniqueTooltip(), antdStaticStyles(antdTheme), preloadInBatches()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    rolldownOptions: {
      treeshake: {
        // The contract package builds zod schemas at module level; without this every page that
        // reads an error code would pull in zod (the scoring package, pure too, reads the
        // contract's scoring profiles). Our own modules run nothing at load that matters
        // unless something of theirs is used, but a CSS module import made each one look
        // side-effectful: a feature's or item-types' index then brought every component it
        // re-exports (the header's search box, antd's Select, Slider, Menu…) to any page that
        // used one of them (issue 23). main.tsx and zod-jitless.ts run for their effect.
        moduleSideEffects: (id) =>
          id.includes('/packages/contract/') ||
          id.includes('/packages/scoring/') ||
          isOwnCodeWithoutEffects(id)
            ? false
            : undefined,
      },
      output: {
        codeSplitting: {
          // React and the router change rarely: one long-cached chunk. Everything else (antd
          // included) is split automatically along the lazy page imports.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
        // reads an error code would pull in zod.
        moduleSideEffects: (id) => (id.includes('/packages/contract/') ? false : undefined),
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

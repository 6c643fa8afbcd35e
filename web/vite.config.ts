import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

// In development the gateway (npm start, port 8080) answers /api and the queue board (/ops/queues);
// in production it serves this build.
export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/ops': 'http://127.0.0.1:8080' } },
  // Source maps are written for the team's debugging but not referenced from the bundles; the
  // gateway never serves them (an /assets/*.js.map is 404), so browsers get no copy of the source.
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Everything index.html loads at once (React, the router, Mantine's core, the app's shell) in
        // one file: split along the lazy screens' sharing it was a dozen files, each compressed alone
        // (issue 27: the first page's JS at most 130 KiB gzip).
        codeSplitting: { groups: [{ name: 'first-page', tags: ['$initial'] }] },
      },
    },
  },
});

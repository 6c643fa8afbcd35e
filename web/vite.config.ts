import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the gateway (npm start, port 8080) answers /api; in production it serves this build.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});

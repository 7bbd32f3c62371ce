import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './tools/precompress.ts';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  // Brotli and gzip copies of the build, served by the server to browsers that accept them.
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    // In development the API runs on its own port; production serves both from one.
    proxy: { '/v1': apiTarget, '/docs': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
  },
});

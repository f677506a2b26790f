import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const backend = process.env.ZOCALO_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/demo': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // antd forms in jsdom are slow on a busy machine; the defaults (5 s) made tests flaky there.
    testTimeout: 60_000,
  },
});

import { defineConfig, type UserConfig } from 'vite';
import client from './vite.config.ts';

/**
 * The prerender's build (scripts/prerender.mjs runs it): src/entry-server.tsx and everything
 * it imports, packages included, in one file for Node. The client's plugins resolve modules
 * as the browser's build does, so both render the same components.
 */
export default defineConfig({
  plugins: (client as UserConfig).plugins,
  publicDir: false,
  // A production build, as the browser's: antd names its classes differently in development.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'build-ssr',
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
  logLevel: 'warn',
});

import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';

const backend = process.env.ZOCALO_API_URL ?? 'http://127.0.0.1:8080';

/**
 * antd's form context (which every input and button reaches) takes FormProvider from
 * @rc-component/form's index, which imports the whole form library and its validator: its
 * file of that name is enough, and keeps the rest out of the first load.
 * (ant-design/ant-design#43019 reports the same chain.)
 */
function formProviderOnly(): Plugin {
  return {
    name: 'zocalo:form-provider-only',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext', importer, { skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [react(), formProviderOnly()],
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
    rolldownOptions: {
      output: {
        // Few files for a first visit, each sent with about 0.7 KB of headers (the automatic
        // split gave the landing 35). vendor: the packages the entry imports; shell: the app's
        // own modules it imports, kept out of the landing's group so that every page does not
        // load that; landing: the landing page and what it adds, on showing it (pages that share
        // its cards and tags load it too). Everything else keeps the automatic on-demand split.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 3 },
            { name: 'shell', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'landing', test: /src[\\/]pages[\\/]public[\\/]LandingPage\.tsx$/, priority: 1 },
          ],
        },
      },
    },
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

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

/**
 * The shared chunks of the packages that two or more on-demand chunks use: forms (the
 * dialogs and editing pages), date pickers and uploads apart from the rest, so that a page
 * which only lists and shows does not download them.
 */
/** The app's modules for filling in forms and tickets: kept out of the shared chunk the listing pages load. */
const FORM_MODULES = /src[\\/]components[\\/](forms[\\/]|identity[\\/]|tickets[\\/](AttachmentPicker|NewTicketForm|TicketConversation|TicketDialog|TicketImage)|useFormDialog|dayjsLocale)/;

/** recharts with the packages only it uses, and the drawing component that imports it. */
const CHART_MODULES =
  /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs[\\/]toolkit|redux|redux-thunk|react-redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]|src[\\/]components[\\/]charts[\\/]ChartDrawing/;

/** The card around a chart: it stays out of `common`, so that pages without a chart do not load it. */
const CHART_CARD = /src[\\/]components[\\/]charts[\\/]/;

function uiGroup(id: string): string {
  if (/node_modules[\\/](antd[\\/]es[\\/](date-picker|calendar|time-picker)|@rc-component[\\/]picker|dayjs)[\\/]/.test(id)) return 'ui-dates';
  if (/node_modules[\\/](antd[\\/]es[\\/](form|upload|rate|switch|image)|@rc-component[\\/](form|async-validator|upload|rate|switch|image))[\\/]/.test(id)) return 'ui-forms';
  return 'ui';
}

const RADIO_NAME_PATH = '\0zocalo:radio-name-path';

/**
 * antd's radio group takes one small helper, toNamePathStr, from the module of Form.useForm,
 * which imports the whole form library and its validator: a table (whose filters use radios)
 * would bring them to every page that lists something. The group gets that helper alone.
 */
function radioWithoutForm(): Plugin {
  return {
    name: 'zocalo:radio-without-form',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../form/hooks/useForm' || !importer || !/[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/.test(importer)) return null;
      return RADIO_NAME_PATH;
    },
    load(id) {
      if (id !== RADIO_NAME_PATH) return null;
      return "import { toArray } from 'antd/es/form/util';\nexport function toNamePathStr(name) { return toArray(name).join('_'); }\n";
    },
  };
}

export default defineConfig({
  plugins: [react(), formProviderOnly(), radioWithoutForm()],
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
        // split gave the landing 35 and a signed-in page about 50, fetched level after level).
        // vendor: the packages the entry imports; shell: the app's own modules it imports, kept
        // out of the landing's group so that every page does not load that; landing: the landing
        // page and what it adds, on showing it (pages that share its cards and tags load it too);
        // signed-in: the wrapper, user menu and support button every signed-in page shows, and the
        // live stream it follows; ui,
        // ui-forms and common: the packages and the app's modules that two or more on-demand
        // chunks share. Each area (members, staff...) stays a chunk of its own, and Vite
        // preloads the groups it imports alongside it.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 30 },
            { name: 'shell', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 20 },
            // The charting library and the drawing over it, loaded on showing a chart, never
            // with the shared groups: pages without a chart do not download it.
            { name: 'charts', test: CHART_MODULES, priority: 25 },
            { name: 'ui-base', test: /node_modules[\\/]antd[\\/]es[\\/](card|typography|badge|progress|empty|tag)[\\/]/, priority: 15 },
            { name: 'landing', test: /src[\\/]pages[\\/]public[\\/]LandingPage\.tsx$/, priority: 10 },
            {
              name: 'signed-in',
              test: /src[\\/](layout[\\/](SignedInArea|UserMenu|SupportButton|dialogs)\.tsx|live[\\/](engine|fold|shared|connection|sse)\.ts)$/,
              priority: 5,
            },
            { name: 'ui-table', test: /node_modules[\\/]antd[\\/]es[\\/]table[\\/]/, priority: 4 },
            { name: uiGroup, test: /node_modules/, minShareCount: 2, priority: 2 },
            // pageTitles: every page's heading, one small module: with the rest, not a chunk of its own.
            { name: 'common', test: (id) => /src[\\/]((components|api|layout|auth|theme)[\\/]|pageTitles\.ts$)/.test(id) && !FORM_MODULES.test(id) && !CHART_CARD.test(id), minShareCount: 2, priority: 1 },
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
    // Every core (Vitest leaves one free), and the modules loaded once per worker rather than
    // once per file: importing antd took a second a file. Each test leaves nothing behind
    // (src/test/setup.ts clears the page, storage, mocks and stubbed globals after it).
    maxWorkers: '100%',
    isolate: false,
  },
});

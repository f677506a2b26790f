import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';

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

/** Chart.js with the package only it uses, and the drawing component that imports it. */
const CHART_MODULES = /node_modules[\\/](chart\.js|@kurkle[\\/]color)[\\/]|src[\\/]components[\\/]charts[\\/]ChartDrawing/;

/** The card around a chart: it stays out of `common`, so that pages without a chart do not load it. */
const CHART_CARD = /src[\\/]components[\\/]charts[\\/]/;

/** The shared packages of forms and date pickers, apart from the rest. */
function uiGroup(id: string): string {
  if (/node_modules[\\/](antd[\\/]es[\\/](date-picker|calendar|time-picker)|@rc-component[\\/]picker|dayjs)[\\/]/.test(id)) return 'ui-dates';
  if (/node_modules[\\/](antd[\\/]es[\\/](form|upload|rate|switch|image|input-number)|@rc-component[\\/](form|async-validator|upload|rate|switch|image|input-number|mini-decimal))[\\/]/.test(id)) return 'ui-forms';
  return 'ui';
}

interface ModuleGraph {
  getModuleInfo(id: string): { code: string | null; importers: string[]; importedIds: string[]; dynamicallyImportedIds: string[] } | null;
}

const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
/** The chunks a visitor may download without signing in: the public pages, the phone menu and the bar's dialogs. */
const VISITOR_CHUNKS = /src[\\/](pages[\\/]public[\\/]|layout[\\/](MobileMenu|navDialogs)\.tsx$)/;
const visitorReach = new WeakMap<object, Set<string>>();

/** A package's index re-exports all of it: only what a module names from it counts as imported. */
const BARRELS = [
  { barrel: /node_modules[\\/]antd[\\/]es[\\/]index\.js$/, from: 'antd', file: (name: string) => `/${name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}/index.js` },
  { barrel: /node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/](icons[\\/])?index\.js$/, from: '@ant-design/icons', file: (name: string) => `/icons/${name}.js` },
];

/** What `code` imports by name from the package `from`. */
function namedImports(code: string, from: string): string[] {
  const names: string[] = [];
  for (const [, list] of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${from}["']`, 'g'))) {
    for (const spec of list.split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

/** Every module the entry and the visitor's chunks import, found once per build. */
function reachedByVisitors(graph: ModuleGraph): Set<string> {
  const entry = graph.getModuleInfo(ENTRY);
  if (!entry) return new Set();
  const known = visitorReach.get(entry);
  if (known) return known;
  const reached = new Set([ENTRY]);
  const pending = [ENTRY];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    const next = info.dynamicallyImportedIds.filter((d) => VISITOR_CHUNKS.test(d));
    for (const imported of info.importedIds) {
      const barrel = BARRELS.find((b) => b.barrel.test(imported));
      if (!barrel) {
        next.push(imported);
        continue;
      }
      const files = namedImports(info.code ?? '', barrel.from).map(barrel.file);
      // An index may re-export another (the icons' does).
      const indexes = [imported];
      for (let index = indexes.pop(); index !== undefined; index = indexes.pop()) {
        for (const f of graph.getModuleInfo(index)?.importedIds ?? []) {
          if (barrel.barrel.test(f)) indexes.push(f);
          else if (files.some((file) => f.endsWith(file))) next.push(f);
        }
      }
    }
    for (const n of next) {
      if (!reached.has(n)) {
        reached.add(n);
        pending.push(n);
      }
    }
  }
  visitorReach.set(entry, reached);
  return reached;
}

/**
 * The packages a visitor's pages share, in the groups above. Only those: the table and what
 * only signed-in pages use go with the table, the signed-in wrapper or the groups below, and a
 * visitor does not download them.
 */
function visitorUiGroup(id: string, graph: ModuleGraph): string | null {
  const group = uiGroup(id);
  if (TABLE_MODULES.test(id) || group === 'ui-dates' || !reachedByVisitors(graph).has(id)) return null;
  return group;
}

/**
 * The packages only signed-in pages share: the date pickers, the inputs of forms (uploads,
 * numbers, switches...) and the rest apart, so that a page which shows figures and lists
 * (the dashboard) downloads none of the editors' packages.
 */
function signedInUiGroup(id: string): string {
  const group = uiGroup(id);
  if (group === 'ui-forms') return 'ui-inputs';
  return group === 'ui-dates' ? 'ui-dates' : 'ui-more';
}

/** antd's Table and the app's one table component. */
const TABLE_MODULES = /node_modules[\\/]antd[\\/]es[\\/]table[\\/]|src[\\/]components[\\/]ResponsiveTable\.tsx$/;

/** What every signed-in page shows: the wrapper, user menu and support button, the privacy notice's check, and the live stream. */
const SIGNED_IN_MODULES = /src[\\/](layout[\\/](SignedInArea|UserMenu|SupportButton|ticketDialog|PrivacyNoticeGate)\.tsx|live[\\/](engine|fold|shared|connection|sse)\.ts|api[\\/]personalData\.ts)$/;

const ICONS = /node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]icons[\\/]/;
const ICON_BARREL = BARRELS[1];
const appIcons = new WeakMap<object, Set<string>>();

/** The icons the app's modules name, found once per build from the icons' index. */
function namedByApp(icon: string, graph: ModuleGraph): boolean {
  const barrel = graph.getModuleInfo(icon)?.importers.find((i) => ICON_BARREL.barrel.test(i));
  const barrelInfo = barrel === undefined ? null : graph.getModuleInfo(barrel);
  if (!barrelInfo) return false;
  let named = appIcons.get(barrelInfo);
  if (!named) {
    named = new Set();
    const indexes = [barrel as string];
    const seen = new Set(indexes);
    for (let index = indexes.pop(); index !== undefined; index = indexes.pop()) {
      for (const importer of graph.getModuleInfo(index)?.importers ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        if (ICON_BARREL.barrel.test(importer)) indexes.push(importer);
        else for (const name of namedImports(graph.getModuleInfo(importer)?.code ?? '', ICON_BARREL.from)) named.add(ICON_BARREL.file(name));
      }
    }
    appIcons.set(barrelInfo, named);
  }
  return [...named].some((file) => icon.endsWith(file));
}

/**
 * The signed-in wrapper, and the icons that both a signed-in page and one of antd's components
 * draw: such an icon went with the component (the dashboard's clock with the date pickers), and
 * the page downloaded that component's whole group for a few hundred bytes.
 */
function signedInGroup(id: string, graph: ModuleGraph): string | null {
  if (SIGNED_IN_MODULES.test(id)) return 'signed-in';
  if (reachedByVisitors(graph).has(id)) return null;
  const drawnByAntd = graph.getModuleInfo(id)?.importers.some((i) => /node_modules[\\/]antd[\\/]/.test(i) && !BARRELS[0].barrel.test(i));
  return drawnByAntd && namedByApp(id, graph) ? 'signed-in' : null;
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
      // antd's toArray (form/util.js), written out: that file sits in the forms' chunk, and
      // importing it would have every table download the forms.
      return "export function toNamePathStr(name) { return (name === undefined || name === false ? [] : Array.isArray(name) ? name : [name]).join('_'); }\n";
    },
  };
}

/**
 * The service worker (sw/sw.ts), built beside the app with the list of files it installs with:
 * what every page starts with (the entry's groups: index, vendor, shell and the runtime), the
 * icons and the offline page. The other hashed files (areas, charts, forms) are kept as a
 * reader first downloads them, so that a visitor's phone does not fetch every area's code in
 * the background. Never a page of the app (prerendered/, index.html), which may be served with
 * a person's data.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    // The app registers it itself (src/serviceWorker/register.ts), after hydrating; the web manifest is public/manifest.webmanifest.
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['assets/{index,vendor,shell,rolldown-runtime}-*.{js,css}', '*.{svg,png}', 'offline.html'],
      globIgnores: ['prerendered/**', 'index.html'],
    },
  });
}

export default defineConfig({
  plugins: [react(), formProviderOnly(), radioWithoutForm(), serviceWorker()],
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
    // Which files each module became: the prerender writes a signed-in page's own chunks into its
    // preloads (scripts/prerender.mjs), then removes it.
    manifest: true,
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
            { name: 'landing', test: /src[\\/]pages[\\/]public[\\/]LandingPage\.tsx$/, priority: 14 },
            { name: visitorUiGroup, debugName: 'ui', test: /node_modules/, minShareCount: 2, priority: 13 },
            // pageTitles: every page's heading, one small module: with the rest, not a chunk of its own.
            { name: 'common', test: (id) => /src[\\/]((components|api|layout|auth|theme)[\\/]|pageTitles\.ts$)/.test(id) && !FORM_MODULES.test(id) && !CHART_CARD.test(id) && !TABLE_MODULES.test(id) && !SIGNED_IN_MODULES.test(id), minShareCount: 2, priority: 7 },
            { name: signedInGroup, debugName: 'signed-in', test: (id) => SIGNED_IN_MODULES.test(id) || ICONS.test(id), priority: 6 },
            { name: 'ui-table', test: TABLE_MODULES, priority: 5 },
            { name: signedInUiGroup, debugName: 'ui-more', test: /node_modules/, minShareCount: 2, priority: 2 },
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

// The last step of `npm run build`: every page of the app rendered by React's server renderer
// (src/entry-server.tsx) into dist/prerendered, with antd's styles of those pages extracted to
// one stylesheet, so that a page paints from its HTML before any script runs; the app then
// hydrates it (src/main.tsx). dist/prerendered/manifest.json tells the server (webapi/document.go)
// which file serves which route and what to write into them.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { routePaths } from './gen-routes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, 'dist');
const out = resolve(dist, 'prerendered');
const ssrOut = resolve(root, 'build-ssr');

/** A path the route matches: its parameters and rest stand for any value. */
function sampleURL(pattern) {
  return pattern.replace(/:[^/]+/g, '_').replace(/\/\*$/, '/');
}

/** The file name of a route's page: its pattern with its punctuation spelled out. */
function fileName(pattern) {
  if (pattern === '/') return 'index.html';
  return pattern.slice(1).replace(/\/\*$/, '/all').replace(/:/g, '_').replace(/\//g, '--') + '.html';
}

/**
 * The pages read from their HTML: the server writes their data into it and their links work
 * without a script. With the signed-in pages, whose HTML is their frame, heading and description
 * (nothing to type into or press), their scripts start once the page has painted: on a slow
 * link they would otherwise share the bandwidth with the stylesheets and images of the first
 * paint, which needs none of them. Pages with a form (contact, the sign-in, the callback,
 * verification) load the app at once, so that what a reader types is never typed into a page
 * the app has not taken over yet.
 */
const READ_PAGES = new Set(['/', '/news', '/news/:id', '/shop', '/diario-oficial', '/privacy-policy', '/unauthorized', null]);
const PAGES_WITH_A_FORM = new Set(['/login', '/auth/callback', '/verify/*', '/contact', '/artist-application']);

/** Whether the page's scripts wait for its first paint: a page read, or a signed-in page's frame. */
function scriptsAfterPaint(pattern, markup) {
  if (PAGES_WITH_A_FORM.has(pattern)) return false;
  return READ_PAGES.has(pattern) || markup.includes('page-fallback');
}

/**
 * A classic script (the Content-Security-Policy allows no inline one) that adds the app's entry
 * and its preloads once the page has loaded and painted.
 */
const AFTER_LOAD_LOADER = `(() => {
  const me = document.currentScript;
  const start = () => {
    for (const href of me.dataset.preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = me.dataset.entry;
    document.head.append(entry);
  };
  // The load event may come before the first paint, and an image may paint frames after it
  // loaded: the app starts once the page's images are decoded and two more frames have passed.
  const afterPaint = () => {
    const images = [...document.images].filter((image) => image.loading !== 'lazy');
    Promise.all(images.map((image) => image.decode().catch(() => undefined))).then(() =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0))),
    );
  };
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
})();
`;

/**
 * The files of `modules` and of what they import (not what they load later), from Vite's
 * manifest, as the page links them: a signed-in page's own chunks, preloaded with the entry.
 */
function chunksOf(viteManifest, modules) {
  const files = [];
  const visit = (key) => {
    const chunk = viteManifest[key];
    if (!chunk) throw new Error(`${key} is not in Vite's manifest: is it still the module routes.tsx loads?`);
    if (files.includes(`/${chunk.file}`)) return;
    files.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return files;
}

/** The after-load template with `files` added to its preloads, after the entry's own. */
function withPreloads(template, files) {
  if (files.length === 0) return template;
  return template.replace(/data-preload="([^"]*)"/, (_, listed) => {
    const known = listed.split(' ').filter(Boolean);
    return `data-preload="${[...known, ...files.filter((file) => !known.includes(file))].join(' ')}"`;
  });
}

/** The template with the app's entry and preloads replaced by the after-load loader at `loaderHref`. */
function loadingAfterLoad(template, loaderHref) {
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const entry = entryTag.exec(template)?.[1];
  if (!entry) throw new Error('dist/index.html has no module entry');
  const preloads = [...template.matchAll(preloadTag)].map((m) => m[1]);
  return template
    .replace(preloadTag, '')
    .replace(entryTag, `<script src="${loaderHref}" data-entry="${entry}" data-preload="${preloads.join(' ')}" defer></script>\n    `);
}

/** React's server renderer puts the preloads it finds (the brand's image) before the markup: they belong in the head. */
function splitPreloads(markup) {
  const preloads = [];
  let rest = markup;
  for (let m = /^<link rel="preload"[^>]*\/>/.exec(rest); m; m = /^<link rel="preload"[^>]*\/>/.exec(rest)) {
    preloads.push(m[0]);
    rest = rest.slice(m[0].length);
  }
  return { preloads: preloads.join(''), body: rest };
}

/**
 * The template's head and body with the stylesheets and the page's markup in place.
 * `everyComponent` is the rules of every antd component the app uses, with antd's record of
 * them: media="print" downloads it without holding the first paint, and the app makes it
 * apply before it renders (ssr/componentStyles.ts). It comes after the page's own rules, so that
 * its record (the same rule in both) is the one antd reads, and before the app's stylesheet,
 * whose rules must still win over antd's.
 */
function documentOf(template, stylesheets, everyComponent, attribute, page) {
  const { preloads, body: markup } = splitPreloads(page);
  const link =
    stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('') +
    `<link rel="stylesheet" href="${everyComponent}" media="print" ${attribute}>` +
    preloads;
  // antd's rules first: the app's own stylesheet (index.css) comes after and wins over them.
  const firstStylesheet = template.search(/<link rel="stylesheet"/);
  const withStyles = firstStylesheet >= 0 ? template.slice(0, firstStylesheet) + link + '\n    ' + template.slice(firstStylesheet) : template.replace('</head>', `  ${link}\n  </head>`);
  const rootTag = '<div id="root"></div>';
  if (!withStyles.includes(rootTag)) throw new Error(`dist/index.html has no ${rootTag}`);
  return withStyles.replace(rootTag, `<div id="root">${markup}</div>`);
}

/**
 * The dark mode's variables, for a page whose <html> says so (the app, or the server from the
 * reader's cookie) or, until then, whose reader's system prefers it. :where() keeps each rule as
 * specific as antd's own, so that a component's overrides (.zc-theme.ant-table-css-var) still
 * win over the theme's values, as they do in the light mode.
 */
function darkVariables(css) {
  const scoped = (scope) =>
    css.replace(/(^|})([^{}]+)\{/g, (_, end, selectors) => {
      const each = selectors
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => `:where(${scope}) ${s}`)
        .join(',');
      return `${end}${each}{`;
    });
  return `${scoped('html[data-theme="dark"]')}\n@media (prefers-color-scheme: dark){${scoped('html:not([data-theme="light"])')}}`;
}

async function main() {
  await build({ configFile: resolve(root, 'vite.ssr.config.ts'), logLevel: 'warn' });
  const server = await import(pathToFileURL(resolve(ssrOut, 'entry-server.js')).href);
  const template = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const viteManifestFile = resolve(dist, '.vite/manifest.json');
  const viteManifest = JSON.parse(readFileSync(viteManifestFile, 'utf8'));
  const patterns = routePaths(readFileSync(resolve(root, 'src/routes.tsx'), 'utf8'));
  for (const pattern of [...READ_PAGES, ...PAGES_WITH_A_FORM]) {
    if (pattern !== null && !patterns.includes(pattern)) throw new Error(`${pattern} is named in prerender.mjs but is not a route`);
  }

  // Each page links two stylesheets: the theme's variables of every page in both modes (one
  // file, cached from page to page) and antd's rules of its own components (a file per set of
  // rules, shared by the pages that have the same), so that the landing does not download the
  // menus and forms of other pages.
  const light = server.createStyleCache();
  const dark = server.createStyleCache();
  // The catalogs of components with the pages they are for: supersets of each page's rules.
  const catalogs = { read: server.createStyleCache(), every: server.createStyleCache() };
  server.renderStyleCatalog('read', catalogs.read);
  server.renderStyleCatalog('every', catalogs.every);
  const catalogOf = (pattern) => (READ_PAGES.has(pattern) ? 'read' : 'every');
  const pages = [];
  const sheets = new Map(); // rules → file
  const sheetFor = (css) => {
    if (!sheets.has(css)) {
      const name = `/assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
      writeFileSync(resolve(dist, name.slice(1)), css);
      sheets.set(css, name);
    }
    return sheets.get(css);
  };
  for (const pattern of [...patterns, null]) {
    // null: a path the app does not have, for its 404 page.
    const url = pattern === null ? '/pagina-que-no-existe' : sampleURL(pattern);
    const own = server.createStyleCache();
    const markup = await server.renderPage(url, 'light', own);
    // Both modes must draw the same markup: the page is prerendered once, whatever the reader's mode.
    if ((await server.renderPage(url, 'light', light)) !== markup) throw new Error(`${url} renders differently from one time to the next`);
    if ((await server.renderPage(url, 'dark', dark)) !== markup) throw new Error(`the dark mode draws ${url} differently: colours must come from the theme's variables`);
    await server.renderPage(url, 'light', catalogs[catalogOf(pattern)]);
    // The page must work under the portal's Content-Security-Policy (script-src 'self').
    if (/<script(?![^>]*type="application\/json")/.test(markup)) throw new Error(`the prerendered ${url} has an inline script`);
    pages.push({ pattern, markup, rules: sheetFor(server.extractCss(own, 'rules')) });
  }
  if (server.extractCss(dark, 'rules') !== server.extractCss(light, 'rules')) throw new Error("antd's rules differ between the modes: they must read the theme's variables");
  const variables = sheetFor(
    [
      "/* antd: the theme's variables of the prerendered pages, in both modes (scripts/prerender.mjs). */",
      server.extractCss(light, 'variables'),
      darkVariables(server.extractCss(dark, 'variables')),
    ].join('\n'),
  );

  const componentRules = { read: sheetFor(server.extractCss(catalogs.read, 'rules')), every: sheetFor(server.extractCss(catalogs.every, 'rules')) };

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const loaderHref = `/assets/after-load-${createHash('sha256').update(AFTER_LOAD_LOADER).digest('hex').slice(0, 10)}.js`;
  writeFileSync(resolve(dist, loaderHref.slice(1)), AFTER_LOAD_LOADER);
  const templateAfterLoad = loadingAfterLoad(template, loaderHref);
  const manifest = { ...server.SERVER_CONTRACT, pages: {}, notFound: '' };
  for (const { pattern, markup, rules } of pages) {
    const name = pattern === null ? '404.html' : fileName(pattern);
    // A signed-in page's own chunks come with the entry's (only after-load pages are signed-in ones).
    const pageTemplate = scriptsAfterPaint(pattern, markup) ? withPreloads(templateAfterLoad, chunksOf(viteManifest, server.signedInPageModules(sampleURL(pattern ?? '/')))) : template;
    writeFileSync(resolve(out, name), documentOf(pageTemplate, [variables, rules], componentRules[catalogOf(pattern)], server.COMPONENT_STYLES_ATTRIBUTE, markup));
    if (pattern === null) manifest.notFound = name;
    else manifest.pages[pattern] = name;
  }
  writeFileSync(resolve(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  rmSync(ssrOut, { recursive: true, force: true });
  // Not served: what the server sends is in dist/prerendered/manifest.json.
  rmSync(dirname(viteManifestFile), { recursive: true, force: true });
  const sizes = [...sheets].map(([css, name]) => `${name} ${(css.length / 1024).toFixed(1)} KiB`);
  console.log(`prerendered ${pages.length} pages with ${sheets.size} stylesheets:\n  ${sizes.join('\n  ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

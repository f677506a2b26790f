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

/** The template's head and body with the stylesheet and the page's markup in place. */
function documentOf(template, stylesheets, page) {
  const { preloads, body: markup } = splitPreloads(page);
  const link = stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('') + preloads;
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
  const patterns = routePaths(readFileSync(resolve(root, 'src/routes.tsx'), 'utf8'));

  // Each page links two stylesheets: the theme's variables of every page in both modes (one
  // file, cached from page to page) and antd's rules of its own components (a file per set of
  // rules, shared by the pages that have the same), so that the landing does not download the
  // menus and forms of other pages.
  const light = server.createStyleCache();
  const dark = server.createStyleCache();
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

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const manifest = { ...server.SERVER_CONTRACT, pages: {}, notFound: '' };
  for (const { pattern, markup, rules } of pages) {
    const name = pattern === null ? '404.html' : fileName(pattern);
    writeFileSync(resolve(out, name), documentOf(template, [variables, rules], markup));
    if (pattern === null) manifest.notFound = name;
    else manifest.pages[pattern] = name;
  }
  writeFileSync(resolve(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  rmSync(ssrOut, { recursive: true, force: true });
  const sizes = [...sheets].map(([css, name]) => `${name} ${(css.length / 1024).toFixed(1)} KiB`);
  console.log(`prerendered ${pages.length} pages with ${sheets.size} stylesheets:\n  ${sizes.join('\n  ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

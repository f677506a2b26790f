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
function documentOf(template, stylesheet, page) {
  const { preloads, body: markup } = splitPreloads(page);
  const link = `<link rel="stylesheet" href="${stylesheet}">${preloads}`;
  // antd's rules first: the app's own stylesheet (index.css) comes after and wins over them.
  const firstStylesheet = template.search(/<link rel="stylesheet"/);
  const withStyles = firstStylesheet >= 0 ? template.slice(0, firstStylesheet) + link + '\n    ' + template.slice(firstStylesheet) : template.replace('</head>', `  ${link}\n  </head>`);
  const rootTag = '<div id="root"></div>';
  if (!withStyles.includes(rootTag)) throw new Error(`dist/index.html has no ${rootTag}`);
  return withStyles.replace(rootTag, `<div id="root">${markup}</div>`);
}

/** Each selector of a block of variables, scoped to the dark mode. */
function darkVariables(css) {
  return css.replace(/(^|})([^{}]+)\{/g, (_, end, selectors) => {
    const scoped = selectors
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .flatMap((s) => [`html[data-theme="dark"] ${s}`])
      .join(',');
    return `${end}${scoped}{`;
  });
}

async function main() {
  await build({ configFile: resolve(root, 'vite.ssr.config.ts'), logLevel: 'warn' });
  const server = await import(pathToFileURL(resolve(ssrOut, 'entry-server.js')).href);
  const template = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const patterns = routePaths(readFileSync(resolve(root, 'src/routes.tsx'), 'utf8'));

  const light = server.createStyleCache();
  const dark = server.createStyleCache();
  const pages = [];
  for (const pattern of [...patterns, null]) {
    // null: a path the app does not have, for its 404 page.
    const url = pattern === null ? '/pagina-que-no-existe' : sampleURL(pattern);
    const markup = await server.renderPage(url, 'light', light);
    const darkMarkup = await server.renderPage(url, 'dark', dark);
    // Both modes must draw the same markup: the page is prerendered once, whatever the reader's mode.
    if (darkMarkup !== markup) throw new Error(`the dark mode draws ${url} differently: colours must come from the theme's variables`);
    pages.push({ pattern, markup });
  }

  const rules = server.extractCss(light, 'rules');
  if (server.extractCss(dark, 'rules') !== rules) throw new Error("antd's rules differ between the modes: they must read the theme's variables");
  const css = [
    '/* antd: the rules of the prerendered pages and the variables of both modes (scripts/prerender.mjs). */',
    server.extractCss(light, 'variables'),
    darkVariables(server.extractCss(dark, 'variables')),
    rules,
  ].join('\n');
  const stylesheet = `/assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  writeFileSync(resolve(dist, stylesheet.slice(1)), css);

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const manifest = { ...server.SERVER_CONTRACT, stylesheet, pages: {}, notFound: '' };
  for (const { pattern, markup } of pages) {
    const name = pattern === null ? '404.html' : fileName(pattern);
    writeFileSync(resolve(out, name), documentOf(template, stylesheet, markup));
    if (pattern === null) manifest.notFound = name;
    else manifest.pages[pattern] = name;
  }
  writeFileSync(resolve(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  rmSync(ssrOut, { recursive: true, force: true });
  console.log(`prerendered ${pages.length} pages; ${stylesheet}: ${(css.length / 1024).toFixed(1)} KiB`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

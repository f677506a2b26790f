import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

// A rule left open swallows every rule after it into the block before it (a media query, say)
// and no build step complains: the pages just lose their styles at some widths.
test('index.css closes every block before the next rule starts', () => {
  const css = readFileSync(new URL('../src/index.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  let depth = 0;
  css.split('\n').forEach((line, index) => {
    if (depth > 0 && /^[^\s}]/.test(line)) throw new Error(`line ${index + 1} starts a rule inside an unclosed block: ${line}`);
    depth += (line.match(/{/g)?.length ?? 0) - (line.match(/}/g)?.length ?? 0);
    expect(depth, `line ${index + 1}`).toBeGreaterThanOrEqual(0);
  });
  expect(depth).toBe(0);
});

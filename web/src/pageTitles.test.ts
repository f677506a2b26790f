import { describe, expect, it } from 'vitest';
import { pageTitles, routePaths, titlesOfPaths } from '../scripts/gen-routes.mjs';
import { PAGE_TITLES } from './pageTitles';
import routesSource from './routes.tsx?raw';
import titlesSource from './pageTitles.ts?raw';

// The server's copy (webapi/webroutes_gen.go) is checked against pageTitles.ts by `npm run
// check:routes` and by TestPageTitlesAreTheWebApps in webapi.
describe('page titles', () => {
  it('are read by the generator as the app reads them', () => {
    expect(pageTitles(titlesSource)).toEqual(Object.entries(PAGE_TITLES));
  });

  it('name every route, and only routes', () => {
    expect([...titlesOfPaths(routePaths(routesSource), pageTitles(titlesSource)).keys()].sort()).toEqual(Object.keys(PAGE_TITLES).sort());
    expect(() => titlesOfPaths(['/a', '/b'], [['/a', 'A'], ['/c', 'C']])).toThrow(/\/c has a title but no route[\s\S]*\/b has no title/);
  });
});

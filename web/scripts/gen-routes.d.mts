/** Page paths of routes.tsx, each from the root: nested <Route path> are joined to their parents'. */
export function routePaths(tsx: string): string[];
/** The entries of PAGE_TITLES in pageTitles.ts, as [path, title], in order. */
export function pageTitles(ts: string): [string, string][];
/** The titles by path; throws unless every path has exactly one title and every title a path. */
export function titlesOfPaths(paths: string[], titles: [string, string][]): Map<string, string>;
/** The Go source listing those paths and their titles for the server. */
export function goFile(paths: string[], titles: [string, string][]): string;

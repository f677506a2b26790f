/** Page paths of routes.tsx, each from the root: nested <Route path> are joined to their parents'. */
export function routePaths(tsx: string): string[];
/** The Go source listing those paths for the server. */
export function goFile(paths: string[]): string;

import type { FirstQueries } from '../../api/firstQueries';
import { prefetchDocuments } from './DocumentsPage';

export { DocumentsPage } from './DocumentsPage';
export { PlayerProfilePage } from './PlayerProfilePage';
export { RecordsPage } from './RecordsPage';
export { SupportPage } from './SupportPage';

/** What the area's page opened directly asks for first (api/firstQueries.ts). */
export const prefetchFirstQueries: FirstQueries = (queryClient, path, rights) =>
  path.startsWith('/documents') ? prefetchDocuments(queryClient, path, rights) : Promise.resolve();

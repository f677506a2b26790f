import type { FirstQueries } from '../../api/firstQueries';
import { prefetchSupportPanel } from './AdminSupportPage';

export { AdminSupportPage } from './AdminSupportPage';
export { DashboardPage } from './DashboardPage';
export { LeavesPage } from './LeavesPage';
export { StaffProfilePage } from './StaffProfilePage';
export { StaffRecordPage } from './StaffRecordPage';
export { StaffStatsPage } from './StaffStatsPage';

/** What the area's page opened directly asks for first (api/firstQueries.ts). */
export const prefetchFirstQueries: FirstQueries = (queryClient, path, rights) =>
  path.startsWith('/admin/support') ? prefetchSupportPanel(queryClient, path, rights) : Promise.resolve();

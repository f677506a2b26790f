export { AdminSupportPage } from './AdminSupportPage';
export { DashboardPage } from './DashboardPage';
export { LeavesPage } from './LeavesPage';
export { StaffProfilePage } from './StaffProfilePage';
export { StaffRecordPage } from './StaffRecordPage';
export { StaffStatsPage } from './StaffStatsPage';

export { AdminSupportPage } from './AdminSupportPage';
export { DashboardPage } from './DashboardPage';
export { StaffProfilePage } from './StaffProfilePage';
export { StaffRecordPage } from './StaffRecordPage';
export { StaffStatsPage } from './StaffStatsPage';

export { AdminSupportPage } from './AdminSupportPage';
export { DashboardPage } from './DashboardPage';
export { StaffProfilePage } from './StaffProfilePage';
export { StaffStatsPage } from './StaffStatsPage';

export { TreasuryPage } from './TreasuryPage';
export { RegisterSalePage } from './RegisterSalePage';
export { SalesHistoryPage } from './SalesHistoryPage';
export { TreasuryMembersPage } from './TreasuryMembersPage';

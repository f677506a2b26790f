export { DocumentsPage } from './DocumentsPage';
export { PlayerProfilePage } from './PlayerProfilePage';
export { RecordsPage } from './RecordsPage';
export { SupportPage } from './SupportPage';

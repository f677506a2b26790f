export { ApiKeysPage } from './ApiKeysPage';
export { ArtistApplicationsPage } from './ArtistApplicationsPage';
export { NewsAdminPage } from './NewsAdminPage';
export { RolesPage } from './RolesPage';
export { SecurityPage } from './SecurityPage';
export { SatPage } from './SatPage';

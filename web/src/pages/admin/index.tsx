export { ApiKeysPage } from './ApiKeysPage';
export { ArtistApplicationsPage } from './ArtistApplicationsPage';
export { ContactMessagesPage } from './ContactMessagesPage';
export { DeliveriesPage } from './DeliveriesPage';
export { NewsAdminPage } from './NewsAdminPage';
export { RolesPage } from './RolesPage';
export { SecurityPage } from './SecurityPage';
export { SatPage } from './SatPage';

import type { components, paths } from './schema';

type Schemas = components['schemas'];

/** The JSON body of a successful GET on a path of the API. */
export type GetResponse<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer T } } } };
}
  ? T
  : never;

export type RoleName = Schemas['RoleName'];
export type GroupName = Schemas['GroupName'];
export type PortalConfig = GetResponse<'/api/config'>;
export type RoleIds = PortalConfig['roleIds'];
export type ServerCard = Schemas['ServerCard'];
export type ShopItem = Schemas['ShopItem'];
export type ShopSection = Schemas['ShopSection'];
export type Profile = GetResponse<'/api/auth/profile'>;
export type PanelId = keyof Profile['panels'];
export type PanelLevel = keyof Schemas['Flags'];
export type ErrorBody = Schemas['Error'];
export type NewsCard = Schemas['NewsCard'];
export type NewsInput = Schemas['NewsInput'];
export type NewsType = NewsInput['type'];
export type ContactInput = Schemas['ContactInput'];
export type ArtistApplication = Schemas['ArtistApplication'];
export type ArtistApplicationInput = Schemas['ArtistApplicationInput'];
export type ArtistApplicationStatus = Schemas['ArtistApplicationStatus']['status'];
export type MessageBody = Schemas['Message'];
export type Ticket = Schemas['Ticket'];
export type TicketMessage = Schemas['TicketMessage'];
export type TicketFile = Schemas['TicketFile'];
export type TicketPerson = Schemas['TicketPerson'];
export type TicketList = Schemas['TicketList'];
export type TicketEnvelope = Schemas['TicketEnvelope'];
export type TicketStats = Schemas['TicketStats']['stats'];
export type TicketStatusCounts = TicketStats['byStatus'];
export type TicketStatus = keyof TicketStatusCounts;
export type TicketCategory = Ticket['category'];
export type TicketPriority = Ticket['priority'];
export type TicketSenderType = TicketMessage['senderType'];
export type TicketListQuery = NonNullable<paths['/api/tickets']['get']['parameters']['query']>;
export type UnreadCount = GetResponse<'/api/tickets/unread'>;
export type Moderator = Schemas['Moderator'];
export type Jornada = Moderator['jornada'];
export type StaffStats = Schemas['StaffStats'];
export type StaffProfile = Schemas['StaffProfile'];
export type WeeklyReport = NonNullable<GetResponse<'/api/staff/reports/weekly'>['report']>;
export type HoursInput = paths['/api/staff/hours']['put']['requestBody']['content']['application/json'];
export type HoursAnswer = paths['/api/staff/hours']['put']['responses'][200]['content']['application/json'];
export type DismissInput = paths['/api/staff/dismiss']['post']['requestBody']['content']['application/json'];
export type StaffReportInput = paths['/api/staff/report']['post']['requestBody']['content']['application/json'];
export type DocumentStatus = Schemas['DocumentStatus'];
/** An identity document (INE or passport); named so as not to clash with the DOM's Document. */
export type IdentityDocument = Schemas['Document'];
export type DocumentKind = IdentityDocument['type'];
export type INEInput = Schemas['INEInput'];
export type PassportInput = Schemas['PassportInput'];
export type DocumentCreated = Schemas['DocumentCreated'];
export type Charge = Schemas['Charge'];
export type CriminalRecord = Schemas['CriminalRecord'];
export type ChargeAdded = Schemas['ChargeAdded'];
export type VerificationStatus = Schemas['VerificationStatus'];
export type PlayerProfile = Schemas['PlayerProfile'];
export type ApiKey = Schemas['ApiKey'];
export type ApiKeyCreated = Schemas['ApiKeyCreated'];
export type Sale = Schemas['Sale'];
export type SaleInput = Schemas['SaleInput'];
export type SaleCurrency = Sale['currency'];
export type TreasuryMember = Schemas['TreasuryMember'];
export type TreasurySummary = Schemas['TreasurySummary'];
export type CatalogueEntry = Schemas['CatalogueEntry'];
export type SalesQuery = NonNullable<paths['/api/treasury/sales']['get']['parameters']['query']>;
export type Business = Schemas['Business'];
export type BusinessInput = Schemas['BusinessInput'];
export type BusinessEdit = Schemas['BusinessEdit'];
export type BusinessDocument = Schemas['BusinessDocument'];
export type BusinessStatus = Business['status'];
export type PermissionFlags = Schemas['Flags'];
export type GuildRole = Schemas['GuildRole'];
export type PanelPermission = Schemas['PanelPermission'];
export type PanelPermissionInput = paths['/api/roles/panels/{panelId}/permissions']['put']['requestBody']['content']['application/json'];
export type PanelPermissionSaved = paths['/api/roles/panels/{panelId}/permissions']['put']['responses'][200]['content']['application/json'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditPage = GetResponse<'/api/audit'>;
export type AuditQuery = NonNullable<paths['/api/audit']['get']['parameters']['query']>;

import type { ApiKey, Charge, CriminalRecord, IdentityDocument, PlayerProfile } from '../api/types';

export function ineDocument(overrides: Partial<IdentityDocument> = {}): IdentityDocument {
  return {
    type: 'INE',
    number: 'INE-4821-0937-1150',
    RobloxName: 'JugadorMX',
    Nombre: 'Juan',
    Apellido: 'Pérez',
    Estado: 'Jalisco',
    Municipio: 'Zapopan',
    FechaNacimiento: '14/03/2000',
    edad: 25,
    issuedAt: '2025-03-03',
    robloxNameStatus: 'unverified',
    ...overrides,
  };
}

export function passportDocument(overrides: Partial<IdentityDocument> = {}): IdentityDocument {
  return {
    type: 'PASAPORTE',
    number: 'PAS-1111-2222-3333',
    RobloxName: 'Turista_2026',
    Nombre: 'Ana',
    Apellido: 'García',
    Pais: 'España',
    FechaNacimiento: '01/01/1990',
    edad: 35,
    issuedAt: '2025-03-04',
    robloxNameStatus: 'unverified',
    ...overrides,
  };
}

export function criminalRecord(overrides: Partial<CriminalRecord> = {}): CriminalRecord {
  return {
    avatar: '',
    robloxUsername: 'Halcon_MX',
    discordId: '1400000000000000101',
    username: 'halcon_mx',
    discordAvatar: '',
    charges: [
      charge({ _id: 2, description: 'Portación de arma sin licencia', date: '2025-03-05', addedBy: 'moderador' }),
      charge({ _id: 1, description: 'Exceso de velocidad en la avenida principal', date: '2025-03-01', addedBy: 'moderador' }),
    ],
    mayVoid: false,
    mayExpunge: false,
    minor: false,
    ...overrides,
  };
}

export function charge(overrides: Partial<Charge> = {}): Charge {
  return {
    _id: 1,
    description: 'Robo de vehículo',
    date: '2025-03-01',
    source: 'web',
    unverified: false,
    voided: false,
    voidedAt: null,
    voidReason: '',
    ...overrides,
  };
}

export function playerProfile(overrides: Partial<PlayerProfile> = {}): PlayerProfile {
  return {
    discordId: '1400000000000000014',
    username: 'jugador',
    avatar: '',
    inGuild: true,
    roles: [],
    roblox: { verified: false },
    document: null,
    tickets: [],
    charges: [],
    ...overrides,
  };
}

export function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 1,
    name: 'Servidor Principal',
    prefix: 'zk_580ef585be35',
    createdBy: 'comite',
    createdAt: '2025-03-03T18:00:00Z',
    revokedAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

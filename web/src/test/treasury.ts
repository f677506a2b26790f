import type { Business, CatalogueEntry, Sale, TreasuryMember, TreasurySummary } from '../api/types';
import { profile, roleIds } from './fixtures';

export const tesoreria = profile({ username: 'tesoreria', discordId: '1400000000000000008', email: 'tesoreria@example.com', discordRoles: [roleIds.TESORERIA] });
export const auditor = profile({ username: 'auditor', discordId: '1400000000000000009', email: 'auditor@example.com', discordRoles: [roleIds.AUDITOR] });
export const oficina = profile({ username: 'oficina', discordId: '1400000000000000002', email: 'oficina@example.com', discordRoles: [roleIds.OFICINA, roleIds.DIPUTADO] });

export const catalogue: CatalogueEntry[] = [
  { key: 'PAQUETE2_LEGAL', label: 'Paquete 2 Legal', mxn: 140, robux: 800, currency: 'MXN' },
  { key: 'VIP', label: 'VIP', mxn: 90, robux: 500, currency: 'MXN' },
  { key: 'PASE', label: 'Pase', mxn: null, robux: 550, currency: 'ROBUX' },
];

/** A sale; its item's label is the catalogue's unless given. */
export function sale(overrides: Partial<Sale> = {}): Sale {
  const item = overrides.item ?? 'PAQUETE2_LEGAL';
  return {
    _id: 4,
    buyerDiscordId: '1400000000000000014',
    buyerUsername: 'jugador',
    buyerAvatar: '',
    item,
    itemLabel: catalogue.find((entry) => entry.key === item)?.label ?? item,
    currency: 'MXN',
    originalPrice: 140,
    discount: 20,
    finalPrice: 112,
    date: '2025-03-03T18:00:00Z',
    sellerId: '1400000000000000008',
    sellerUsername: 'tesoreria',
    voided: false,
    voidedAt: null,
    voidedBy: '',
    voidReason: '',
    ...overrides,
  };
}

export function member(id: string, username: string): TreasuryMember {
  return { id, username, avatar: '' };
}

export const members: TreasuryMember[] = [
  member('1400000000000000008', 'tesoreria'),
  member('1400000000000000009', 'auditor'),
  member('1400000000000000020', 'contadora'),
  member('1400000000000000021', 'cajero'),
];

export function summary(overrides: Partial<TreasurySummary> = {}): TreasurySummary {
  return { totalSales: 12, monthIncomeMXN: 1234.5, monthIncomeRobux: 550, members: 4, monthSales: 3, ...overrides };
}

export function business(overrides: Partial<Business> = {}): Business {
  return {
    id: 1,
    name: 'Tacos El Halcón',
    location: 'Av. Juárez 120, Centro',
    server: 'Principal',
    status: 'active',
    logo: '',
    documents: [{ id: 1, filename: 'acta-constitutiva.pdf', contentType: 'application/pdf', size: 2048, url: '/api/sat/businesses/1/documents/1' }],
    createdAt: '2025-03-03T18:00:00Z',
    ...overrides,
  };
}

import type { NewsCard, PortalConfig, ServerCard, ShopSection } from '../api/types';
import { testConfig } from './fixtures';

export function newsItem(overrides: Partial<NewsCard> = {}): NewsCard {
  return {
    _id: '1',
    title: 'Temporada de invierno',
    content: 'Nieve en el Zócalo.',
    date: '2025-03-03T18:00:00Z',
    type: 'update',
    imageUrl: '',
    active: true,
    ...overrides,
  };
}

export const testServers: ServerCard[] = [
  { name: 'Principal', code: 'ZOCALO', players: 39, maxPlayers: 40, status: 'online', joinUrl: 'https://roblox.example/join?code=ZOCALO' },
  { name: 'Secundario', code: 'ZOCALO2', players: 0, maxPlayers: 40, status: 'maintenance', joinUrl: 'https://roblox.example/join?code=ZOCALO2' },
  { name: 'Eventos', code: 'EVENTOS', players: 0, maxPlayers: 40, status: 'maintenance', joinUrl: 'https://roblox.example/join?code=EVENTOS' },
  { name: 'Pruebas', code: 'PRUEBAS', players: 0, maxPlayers: 40, status: 'offline', joinUrl: 'https://roblox.example/join?code=PRUEBAS' },
];

export const testShop: ShopSection[] = [
  {
    id: 'factions',
    title: 'Facciones',
    items: [
      { key: 'PAQUETE1_LEGAL', title: 'Paquete Legal 1', mxn: 80, usd: 5, robux: 450 },
      { key: 'PAQUETE1_ILEGAL', title: 'Paquete Ilegal 1', mxn: 80, usd: 5, robux: 450 },
    ],
  },
  { id: 'companies', title: 'Empresas', items: [{ key: 'PAQUETE1_EMPRESA', title: 'Paquete Empresa 1', mxn: 60, usd: 3, robux: 300 }] },
  { id: 'economy', title: 'Economía', items: [{ key: 'PARTNER', title: 'Partner', mxn: 1000, usd: 50, robux: 10000 }] },
  {
    id: 'extras',
    title: 'Extras',
    items: [
      { key: 'VIP', title: 'VIP', mxn: 90, usd: 5, robux: 500 },
      { key: 'PASE', title: 'Pase', mxn: null, usd: null, robux: 550 },
    ],
  },
];

export const publicConfig: PortalConfig = { ...testConfig, servers: testServers, shop: testShop };

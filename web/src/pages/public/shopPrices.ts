import type { ShopItem } from '../../api/types';

const numbers = new Intl.NumberFormat('es-MX');

export function formatRobux(robux: number): string {
  return `${numbers.format(robux)} Robux`;
}

export function formatPrice(amount: number, currency: 'MXN' | 'USD'): string {
  return `$${numbers.format(amount)} ${currency}`;
}

/** The item's prices in pesos and dollars, when it has them. */
export function moneyPrices(item: ShopItem): string[] {
  return [item.mxn === null ? null : formatPrice(item.mxn, 'MXN'), item.usd === null ? null : formatPrice(item.usd, 'USD')].filter(
    (price): price is string => price !== null,
  );
}

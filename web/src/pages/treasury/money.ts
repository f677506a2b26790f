import type { CatalogueEntry, SaleCurrency } from '../../api/types';

const MXN_FORMAT = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
const COUNT_FORMAT = new Intl.NumberFormat('es-MX');
const PERCENT_FORMAT = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });

export const MIN_DISCOUNT = 0;
export const MAX_DISCOUNT = 100;

/**
 * An amount in pesos with its currency, e.g. "$1,234.50 MXN", as the server writes it in
 * Discord: "$" alone is also the dollar's sign, and the shop lists USD beside MXN.
 */
export function formatMXN(amount: number): string {
  return `${MXN_FORMAT.format(amount)} MXN`;
}

/** An amount in robux, e.g. "1,400 Robux". */
export function formatRobux(amount: number): string {
  return `${COUNT_FORMAT.format(amount)} Robux`;
}

/** An amount in its currency. */
export function formatMoney(amount: number, currency: SaleCurrency): string {
  return currency === 'ROBUX' ? formatRobux(amount) : formatMXN(amount);
}

export function formatCount(value: number): string {
  return COUNT_FORMAT.format(value);
}

/** A discount, e.g. "20 %" or "37.5 %". */
export function formatPercent(value: number): string {
  return `${PERCENT_FORMAT.format(value)} %`;
}

/** The discount kept within 0..100 percent, to hundredths; anything unreadable is 0. */
export function clampDiscount(value: number | string | null | undefined): number {
  const number = typeof value === 'string' ? Number(value) : value;
  if (number === null || number === undefined || !Number.isFinite(number)) return MIN_DISCOUNT;
  return Math.round(Math.min(Math.max(number, MIN_DISCOUNT), MAX_DISCOUNT) * 100) / 100;
}

/** The price an item sells at: in pesos when it has one, otherwise in robux. */
export function cataloguePrice(entry: CatalogueEntry): { amount: number; currency: SaleCurrency } {
  if (entry.currency === 'MXN' && entry.mxn !== null) return { amount: entry.mxn, currency: 'MXN' };
  return { amount: entry.robux, currency: 'ROBUX' };
}

/**
 * The final price as the server computes it: in hundredths, rounding half up; robux are whole.
 * PAQUETE2_LEGAL (140 MXN) at 20 % is 112; 80 MXN at 37.5 % is exactly 50.
 */
export function finalPrice(amount: number, currency: SaleCurrency, discount: number): number {
  const basisPoints = Math.round(clampDiscount(discount) * 100);
  const original = Math.round(amount * 100);
  const unit = currency === 'ROBUX' ? 100 : 1;
  const step = 10000 * unit;
  const raw = original * (10000 - basisPoints);
  return (Math.floor((raw + step / 2) / step) * unit) / 100;
}

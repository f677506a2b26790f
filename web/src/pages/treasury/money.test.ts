import { describe, expect, it } from 'vitest';
import { clampDiscount, finalPrice, formatMXN, formatMoney, formatPercent, formatRobux } from './money';

describe('money', () => {
  it('computes the final price as the server does', () => {
    expect(finalPrice(140, 'MXN', 20)).toBe(112);
    expect(finalPrice(80, 'MXN', 37.5)).toBe(50);
    expect(finalPrice(90, 'MXN', 33.33)).toBe(60);
    expect(finalPrice(550, 'ROBUX', 20)).toBe(440);
    expect(finalPrice(450, 'ROBUX', 33)).toBe(302);
    expect(finalPrice(300, 'MXN', 100)).toBe(0);
  });

  it('keeps the discount within 0..100', () => {
    expect(clampDiscount(150)).toBe(100);
    expect(clampDiscount(-5)).toBe(0);
    expect(clampDiscount(null)).toBe(0);
    expect(clampDiscount('abc')).toBe(0);
    expect(clampDiscount(12.345)).toBe(12.35);
  });

  it('writes amounts as es-MX does', () => {
    expect(formatMXN(1234.5)).toBe('$1,234.50 MXN');
    expect(formatMoney(90, 'MXN')).toBe('$90.00 MXN');
    expect(formatMoney(450, 'ROBUX')).toBe('450 Robux');
    expect(formatRobux(15000)).toBe('15,000 Robux');
    expect(formatPercent(37.5)).toBe('37.5 %');
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoney } from './locale-format.ts';

describe('amounts in the customer’s language', () => {
  it('writes dollars the English and the Spanish way, a credit with its sign first', () => {
    expect(formatMoney(11499, 'en')).toBe('$114.99');
    expect(formatMoney(-1499, 'en')).toBe('-$14.99');
    expect(formatMoney(0, 'en')).toBe('$0.00');
    expect(formatMoney(11499, 'es').replace(/\s/g, ' ')).toBe('114,99 US$');
    expect(formatMoney(-1499, 'es').replace(/\s/g, ' ')).toBe('-14,99 US$');
  });
});

import { describe, expect, it } from 'vitest';
import { slotInstant } from './business-time.ts';
import { formatAppointmentTimeIn, formatMoney } from './locale-format.ts';

describe('amounts in the customer’s language', () => {
  it('writes dollars the English and the Spanish way, a credit with its sign first', () => {
    expect(formatMoney(11499, 'en')).toBe('$114.99');
    expect(formatMoney(-1499, 'en')).toBe('-$14.99');
    expect(formatMoney(0, 'en')).toBe('$0.00');
    expect(formatMoney(11499, 'es')).toBe('$114.99');
    expect(formatMoney(123450, 'es')).toBe('$1,234.50');
    expect(formatMoney(-1499, 'es')).toBe('-$14.99');
  });
});

describe('visit times in the customer’s language', () => {
  it('says the noon slot as Spanish speakers do: "a las 12:30 p. m.", not "0:30 p. m."', () => {
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(formatAppointmentTimeIn(slotInstant('2026-12-20', '12:30pm'), 'es'))).toBe(
      'domingo, 20 de diciembre de 2026 a las 12:30 p. m.',
    );
    expect(plain(formatAppointmentTimeIn(slotInstant('2026-12-20', '08:00am'), 'es'))).toBe(
      'domingo, 20 de diciembre de 2026 a las 8:00 a. m.',
    );
    expect(formatAppointmentTimeIn(slotInstant('2026-12-20', '12:30pm'), 'en')).toBe('Sunday, December 20, 2026 at 12:30pm');
  });
});

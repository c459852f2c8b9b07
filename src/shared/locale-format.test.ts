import { describe, expect, it } from 'vitest';
import { slotInstant } from './business-time.ts';
import { formatAppointmentTimeIn, formatMoney } from './locale-format.ts';
import { formatArrivalTime } from './on-the-way.ts';

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

describe('an arrival in the customer’s language', () => {
  it('gives a Spanish time its article: "de la 1:05 p. m.", "de las 10:40 a. m."', () => {
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(formatArrivalTime(new Date('2026-12-19T18:05:00Z'), 'es'))).toBe('la 1:05 p. m.');
    expect(plain(formatArrivalTime(new Date('2026-12-19T15:40:00Z'), 'es'))).toBe('las 10:40 a. m.');
    expect(plain(formatArrivalTime(new Date('2026-12-19T17:15:00Z'), 'es'))).toBe('las 12:15 p. m.');
    expect(formatArrivalTime(new Date('2026-12-19T18:05:00Z'), 'en')).toBe('1:05pm');
  });
});

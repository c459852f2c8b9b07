import { describe, expect, it } from 'vitest';
import { appointmentBill } from '../../../shared/billing.ts';
import { translatorFor } from '../../i18n.ts';
import { receiptContent } from './payment-emails.ts';

describe('the receipt of a job billed from the clock', () => {
  const lines = appointmentBill('troubleshooting', 71, [{ description: 'Cable {HDMI}, 2 m', cents: 1250 }]).lines;
  const paidFor = (locale: 'en' | 'es') =>
    receiptContent(translatorFor(locale), {
      startsAt: new Date('2026-11-28T14:30:00Z'),
      amountCents: 8750,
      reference: 'ref',
      homeUrl: 'https://techhelp.test/home',
      lines,
    }).paragraphs[1];

  it('lists our lines in the customer’s language and a part in the owner’s own words, braces and all', () => {
    expect(paidFor('en')).toBe(
      'What you paid for: First hour of troubleshooting $50.00; 1 extra half-hour $25.00; Cable {HDMI}, 2 m $12.50.',
    );
    expect(paidFor('es')?.replace(/\s/g, ' ')).toBe(
      'Conceptos pagados: Primera hora de solución de problemas $50.00; 1 media hora adicional $25.00; Cable {HDMI}, 2 m $12.50.',
    );
  });
});
